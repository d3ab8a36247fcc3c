"use client";

import { Field, SelectInput, TextInput } from "@/components/ui/form-field";
import type { InsightsView } from "@/lib/dashboard/types";

export interface Filters {
  from: string;
  to: string;
  slug: string;
  origin: string;
  destination: string;
}

export const queryOf = (filters: Filters) => new URLSearchParams(Object.entries(filters).filter(([, value]) => value.trim() !== "")).toString();

/** The dates, courier and lane the figures are for; empty fields take the server's defaults. */
export function InsightsFilters({ filters, set, view }: { filters: Filters; set: (patch: Partial<Filters>) => void; view: InsightsView | undefined }) {
  return (
    <form role="search" onSubmit={(event) => event.preventDefault()} className="mb-6 grid grid-cols-2 gap-3 lg:grid-cols-5">
      <Field label="From">
        {(control) => (
          <TextInput {...control} type="date" value={filters.from || (view?.filter.from ?? "")} onChange={(event) => set({ from: event.target.value })} />
        )}
      </Field>
      <Field label="To">
        {(control) => (
          <TextInput {...control} type="date" value={filters.to || (view?.filter.to ?? "")} onChange={(event) => set({ to: event.target.value })} />
        )}
      </Field>
      <Field label="Courier">
        {(control) => (
          <SelectInput {...control} value={filters.slug} onChange={(event) => set({ slug: event.target.value })}>
            <option value="">All couriers</option>
            {(view?.couriers ?? []).map((row) => (
              <option key={row.slug} value={row.slug}>
                {row.name}
              </option>
            ))}
          </SelectInput>
        )}
      </Field>
      <Field label="Origin (ISO3)">
        {(control) => (
          <TextInput {...control} maxLength={3} value={filters.origin} onChange={(event) => set({ origin: event.target.value })} placeholder="DEU" />
        )}
      </Field>
      <Field label="Destination (ISO3)">
        {(control) => (
          <TextInput {...control} maxLength={3} value={filters.destination} onChange={(event) => set({ destination: event.target.value })} placeholder="FRA" />
        )}
      </Field>
    </form>
  );
}
