"use client";

import { useEffect, useState } from "react";
import { useDebouncedValue } from "@/components/data/use-debounced-value";
import { Button } from "@/components/ui/button";
import { Field, SelectInput, TextInput } from "@/components/ui/form-field";
import { STATUSES } from "./status-badge";
import { useCouriers } from "./use-couriers";

export interface ListFilters {
  keyword: string;
  tag: string;
  slug: string;
  /** Calendar days (YYYY-MM-DD) in the reader's time zone. */
  from: string;
  to: string;
}

export const FILTER_NAMES = ["keyword", "tag", "slug", "from", "to"] as const;
const ATTENTION = "attention";

export function readFilters(params: URLSearchParams): ListFilters {
  return {
    keyword: params.get("keyword") ?? "",
    tag: params.get("tag") ?? "",
    slug: params.get("slug") ?? "",
    from: params.get("from") ?? "",
    to: params.get("to") ?? "",
  };
}

/** The filters as the internal API names them; the days become instants in the reader's zone. */
export function apiQueryOf(filters: ListFilters): URLSearchParams {
  const query = new URLSearchParams();
  if (filters.keyword.trim()) query.set("keyword", filters.keyword.trim());
  // "attention" is not a status: it asks for the trackings that need a person.
  if (filters.tag === ATTENTION) query.set("needs_attention", "true");
  else if (filters.tag) query.set("tag", filters.tag);
  if (filters.slug) query.set("slug", filters.slug);
  if (filters.from) query.set("created_at_min", new Date(`${filters.from}T00:00:00`).toISOString());
  if (filters.to) query.set("created_at_max", new Date(`${filters.to}T23:59:59.999`).toISOString());
  return query;
}

interface TrackingFiltersProps {
  filters: ListFilters;
  onChange: (name: keyof ListFilters, value: string) => void;
  onClear: () => void;
  preferredSlugs: string[];
}

export function TrackingFilters({ filters, onChange, onClear, preferredSlugs }: TrackingFiltersProps) {
  const couriers = useCouriers();
  const [keyword, setKeyword] = useState(filters.keyword);
  const settledKeyword = useDebouncedValue(keyword, 350);
  useEffect(() => {
    if (settledKeyword !== filters.keyword) onChange("keyword", settledKeyword);
  }, [settledKeyword, filters.keyword, onChange]);

  const preferred = (couriers.data ?? []).filter((courier) => preferredSlugs.includes(courier.slug));
  const active = FILTER_NAMES.some((name) => filters[name]);

  return (
    <form role="search" onSubmit={(event) => event.preventDefault()} className="grid grid-cols-2 gap-3 lg:grid-cols-12">
      <Field label="Search" className="col-span-2 lg:col-span-4">
        {(control) => (
          <TextInput
            {...control}
            type="search"
            value={keyword}
            onChange={(event) => setKeyword(event.target.value)}
            placeholder="Number, title, order, customer…"
          />
        )}
      </Field>
      <Field label="Status" className="lg:col-span-2">
        {(control) => (
          <SelectInput {...control} value={filters.tag} onChange={(event) => onChange("tag", event.target.value)}>
            <option value="">Any status</option>
            <option value={ATTENTION}>Needs attention</option>
            {Object.entries(STATUSES).map(([tag, status]) => (
              <option key={tag} value={tag}>
                {status.label}
              </option>
            ))}
          </SelectInput>
        )}
      </Field>
      <Field label="Courier" className="lg:col-span-2">
        {(control) => (
          <SelectInput {...control} value={filters.slug} onChange={(event) => onChange("slug", event.target.value)}>
            <option value="">Any courier</option>
            {preferred.length > 0 && (
              <optgroup label="Preferred">
                {preferred.map((courier) => (
                  <option key={courier.slug} value={courier.slug}>
                    {courier.name}
                  </option>
                ))}
              </optgroup>
            )}
            <optgroup label="All couriers">
              {(couriers.data ?? []).map((courier) => (
                <option key={courier.slug} value={courier.slug}>
                  {courier.name}
                </option>
              ))}
            </optgroup>
          </SelectInput>
        )}
      </Field>
      <Field label="Created from" className="lg:col-span-2">
        {(control) => (
          <TextInput {...control} type="date" value={filters.from} max={filters.to || undefined} onChange={(event) => onChange("from", event.target.value)} />
        )}
      </Field>
      <Field label="Created to" className="lg:col-span-2">
        {(control) => (
          <TextInput {...control} type="date" value={filters.to} min={filters.from || undefined} onChange={(event) => onChange("to", event.target.value)} />
        )}
      </Field>
      {active && (
        <div className="col-span-2 lg:col-span-12">
          <Button
            size="sm"
            variant="ghost"
            onClick={() => {
              setKeyword("");
              onClear();
            }}
          >
            Clear filters
          </Button>
        </div>
      )}
    </form>
  );
}
