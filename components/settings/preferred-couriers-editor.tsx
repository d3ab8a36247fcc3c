"use client";

import { dashboardApi, read, send } from "@/components/data/dashboard-api";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { errorMessage } from "@/components/data/fetch-json";
import { useCouriers } from "@/components/trackings/use-couriers";
import { Alert } from "@/components/ui/alert";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Field, SelectInput, TextInput } from "@/components/ui/form-field";
import { PageHeader } from "@/components/ui/page-header";
import { ErrorState, LoadingState } from "@/components/ui/states";
import type { CourierFollowing, CourierOption } from "@/lib/dashboard/types";

const FOLLOWING: Record<CourierFollowing, string> = {
  direct: "Direct",
  track17: "Via 17TRACK",
  ship24: "Via Ship24",
  connect: "Direct once connected",
  not_trackable: "Not trackable",
};
const FOLLOWING_TONE: Record<CourierFollowing, BadgeTone> = {
  direct: "emerald",
  track17: "indigo",
  ship24: "indigo",
  connect: "amber",
  not_trackable: "slate",
};
const MAX_RESULTS = 12;

function Editor({ saved, catalogue }: { saved: string[]; catalogue: CourierOption[] }) {
  const client = useQueryClient();
  const [draft, setDraft] = useState(saved);
  const [search, setSearch] = useState("");
  const [followingFilter, setFollowingFilter] = useState<CourierFollowing | "">("");
  const [announcement, setAnnouncement] = useState("");
  // After a move, the same button keeps the focus (or its twin, once it reaches an end).
  const [focusTarget, setFocusTarget] = useState<{ slug: string; direction: "up" | "down" } | null>(null);
  const bySlug = new Map(catalogue.map((courier) => [courier.slug, courier]));
  const nameOf = (slug: string) => bySlug.get(slug)?.name ?? slug;

  useEffect(() => {
    if (!focusTarget) return;
    const button = document.getElementById(`move-${focusTarget.direction}-${focusTarget.slug}`) as HTMLButtonElement | null;
    const twin = document.getElementById(`move-${focusTarget.direction === "up" ? "down" : "up"}-${focusTarget.slug}`) as HTMLButtonElement | null;
    (button && !button.disabled ? button : twin)?.focus();
  }, [focusTarget, draft]);

  const save = useMutation({
    mutationFn: (slugs: string[]) => send<{ slugs: string[] }>(dashboardApi.preferredCouriers, "PUT", { slugs }),
    onSuccess: ({ slugs }) => {
      client.setQueryData(dashboardApi.preferredCouriers.key, slugs);
      setDraft(slugs);
      setAnnouncement("Preferred couriers saved.");
    },
  });

  const dirty = draft.join(",") !== saved.join(",");
  const term = search.trim().toLowerCase();
  const results =
    term || followingFilter
      ? catalogue
          .filter((courier) => !draft.includes(courier.slug) && (!followingFilter || courier.following === followingFilter))
          .filter((courier) => !term || courier.name.toLowerCase().includes(term) || courier.slug.includes(term))
          .slice(0, MAX_RESULTS)
      : [];

  function move(index: number, direction: "up" | "down") {
    const target = direction === "up" ? index - 1 : index + 1;
    const next = [...draft];
    [next[index], next[target]] = [next[target]!, next[index]!];
    setDraft(next);
    setFocusTarget({ slug: next[target]!, direction });
    setAnnouncement(`${nameOf(next[target]!)} moved to position ${target + 1} of ${next.length}.`);
  }

  function add(slug: string) {
    setDraft([...draft, slug]);
    setAnnouncement(`${nameOf(slug)} added at position ${draft.length + 1}.`);
  }

  function remove(slug: string) {
    setDraft(draft.filter((entry) => entry !== slug));
    setAnnouncement(`${nameOf(slug)} removed.`);
  }

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card>
        <CardHeader
          title="Preferred couriers"
          description={draft.length ? "Detection tries these first, in this order." : "None chosen: every courier is active."}
        />
        <CardBody className="space-y-4">
          {draft.length === 0 ? (
            <p className="rounded-lg border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-600">
              Search the catalogue and add the couriers you ship with.
            </p>
          ) : (
            <ol className="divide-y divide-slate-100 rounded-lg ring-1 ring-slate-200">
              {draft.map((slug, index) => (
                <li key={slug} className="flex items-center gap-3 px-3 py-2">
                  <span className="w-6 text-right text-sm text-slate-500 tabular-nums">{index + 1}.</span>
                  <span className="min-w-0 flex-1">
                    <span className="block truncate text-sm font-medium text-slate-900">{nameOf(slug)}</span>
                    <span className="block text-xs text-slate-500">{slug}</span>
                  </span>
                  <span className="flex gap-1">
                    <Button
                      id={`move-up-${slug}`}
                      size="sm"
                      variant="ghost"
                      disabled={index === 0}
                      onClick={() => move(index, "up")}
                      aria-label={`Move ${nameOf(slug)} up`}
                    >
                      <span aria-hidden="true">↑</span>
                    </Button>
                    <Button
                      id={`move-down-${slug}`}
                      size="sm"
                      variant="ghost"
                      disabled={index === draft.length - 1}
                      onClick={() => move(index, "down")}
                      aria-label={`Move ${nameOf(slug)} down`}
                    >
                      <span aria-hidden="true">↓</span>
                    </Button>
                    <Button size="sm" variant="ghostDanger" onClick={() => remove(slug)} aria-label={`Remove ${nameOf(slug)}`}>
                      Remove
                    </Button>
                  </span>
                </li>
              ))}
            </ol>
          )}
          <p className="sr-only" role="status" aria-live="polite">
            {announcement}
          </p>
          {save.isError && <Alert tone="error">{errorMessage(save.error)}</Alert>}
          {save.isSuccess && !dirty && <Alert tone="success">Saved. The API uses the new list from now on.</Alert>}
          <div className="flex flex-wrap gap-2">
            <Button variant="primary" disabled={!dirty || save.isPending} onClick={() => save.mutate(draft)}>
              {save.isPending ? "Saving…" : "Save changes"}
            </Button>
            {dirty && (
              <Button variant="ghost" onClick={() => setDraft(saved)}>
                Discard changes
              </Button>
            )}
          </div>
        </CardBody>
      </Card>

      <Card>
        <CardHeader title="Add from the catalogue" description={`${catalogue.length} couriers, by name or slug.`} />
        <CardBody className="space-y-3">
          <div className="grid gap-3 sm:grid-cols-2">
            <Field label="Search couriers">
              {(control) => (
                <TextInput {...control} type="search" value={search} onChange={(event) => setSearch(event.target.value)} placeholder="Name or slug, e.g. DHL" />
              )}
            </Field>
            <Field label="How Waybill follows them">
              {(control) => (
                <SelectInput {...control} value={followingFilter} onChange={(event) => setFollowingFilter(event.target.value as CourierFollowing | "")}>
                  <option value="">Any way</option>
                  {(Object.keys(FOLLOWING) as CourierFollowing[]).map((value) => (
                    <option key={value} value={value}>
                      {FOLLOWING[value]}
                    </option>
                  ))}
                </SelectInput>
              )}
            </Field>
          </div>
          {term && results.length === 0 && <p className="text-sm text-slate-600">No courier matches “{search.trim()}”.</p>}
          {results.length > 0 && (
            <ul className="divide-y divide-slate-100 rounded-lg ring-1 ring-slate-200" aria-label="Search results">
              {results.map((courier) => (
                <li key={courier.slug} className="flex items-center justify-between gap-3 px-3 py-2">
                  <span className="min-w-0">
                    <span className="block truncate text-sm font-medium text-slate-900">{courier.name}</span>
                    <span className="block text-xs text-slate-500">
                      {courier.following && <Badge tone={FOLLOWING_TONE[courier.following]}>{FOLLOWING[courier.following]}</Badge>} {courier.slug}
                      {courier.required_fields.length > 0 && ` · needs ${courier.required_fields.join(", ").replaceAll("_", " ")}`}
                    </span>
                  </span>
                  <Button size="sm" onClick={() => add(courier.slug)} aria-label={`Add ${courier.name} (${courier.slug})`}>
                    Add
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </CardBody>
      </Card>
    </div>
  );
}

export function PreferredCouriersEditor() {
  const saved = useQuery({
    queryKey: dashboardApi.preferredCouriers.key,
    queryFn: () => read(dashboardApi.preferredCouriers).then((data) => data.slugs),
  });
  const couriers = useCouriers();
  return (
    <>
      <PageHeader
        title="Couriers"
        description="Choose the couriers you ship with. Detection ranks them first; once the list has couriers, a tracking created without a courier is matched only against them."
      />
      {saved.isPending || couriers.isPending ? (
        <LoadingState />
      ) : saved.isError || couriers.isError ? (
        <Card>
          <ErrorState error={saved.error ?? couriers.error} onRetry={() => void Promise.all([saved.refetch(), couriers.refetch()])} />
        </Card>
      ) : (
        <Editor saved={saved.data} catalogue={couriers.data} />
      )}
    </>
  );
}
