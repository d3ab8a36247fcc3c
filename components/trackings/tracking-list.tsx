"use client";

import { dashboardApi, type Endpoint, read } from "@/components/data/dashboard-api";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useCallback, useEffect, useRef, useState } from "react";
import { formatDateTime, formatLocalTime, formatNumber } from "@/components/data/format";
import { Button, ButtonLink, buttonClass } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { focusRing } from "@/components/ui/focus-ring";
import { PageHeader } from "@/components/ui/page-header";
import { EmptyState, ErrorState, LoadingState, Spinner } from "@/components/ui/states";
import type { TrackingPage } from "@/lib/dashboard/types";
import { LIVE_REFRESH_MS, LiveIndicator } from "./live-indicator";
import { NotTrackableActions } from "./not-trackable-notice";
import { StatusBadge, statusDetail } from "./status-badge";
import { apiQueryOf, FILTER_NAMES, readFilters, TrackingFilters, type ListFilters } from "./tracking-filters";

const PAGE_SIZE = 25;

function usePreferredSlugs() {
  return useQuery({
    queryKey: dashboardApi.preferredCouriers.key,
    queryFn: () => read(dashboardApi.preferredCouriers).then((data) => data.slugs),
  });
}

/** Fetches a page and notes how long it took, which sets the pace of the live refresh. */
async function fetchTimed(target: Endpoint<TrackingPage>, signal: AbortSignal, durationMs: { current: number }): Promise<TrackingPage> {
  const startedAt = performance.now();
  const page = await read(target, signal);
  durationMs.current = performance.now() - startedAt;
  return page;
}

export function TrackingList() {
  const searchParams = useSearchParams();
  const pathname = usePathname();
  const router = useRouter();
  const filters = readFilters(searchParams);
  const apiQuery = apiQueryOf(filters).toString();
  // Keyset paging: the cursors of the pages walked so far; a new filter starts again at page one.
  const [paging, setPaging] = useState({ query: apiQuery, cursors: [] as string[] });
  const cursors = paging.query === apiQuery ? paging.cursors : [];
  const cursor = cursors[cursors.length - 1];
  const preferred = usePreferredSlugs();
  // A slow page (a keyword search scans the table) is refreshed less often, to spare the database.
  const lastFetchMs = useRef(0);

  const page = useQuery({
    queryKey: dashboardApi.trackings(apiQuery, cursor).key,
    queryFn: ({ signal }) => {
      const query = new URLSearchParams(apiQuery);
      query.set("limit", String(PAGE_SIZE));
      return fetchTimed(dashboardApi.trackings(query.toString(), cursor), signal, lastFetchMs);
    },
    placeholderData: keepPreviousData,
    refetchInterval: () => Math.max(LIVE_REFRESH_MS, lastFetchMs.current * 10),
  });

  // The URL is replaced asynchronously: quick successive changes build on the last one asked for,
  // not on a URL that has not caught up yet.
  const requested = useRef<URLSearchParams | null>(null);
  useEffect(() => {
    if (requested.current?.toString() === searchParams.toString()) requested.current = null;
  }, [searchParams]);
  const setFilter = useCallback(
    (name: keyof ListFilters, value: string) => {
      const next = new URLSearchParams(requested.current ?? searchParams);
      if (value) next.set(name, value);
      else next.delete(name);
      requested.current = next;
      router.replace(`${pathname}${next.size ? `?${next}` : ""}`, { scroll: false });
    },
    [pathname, router, searchParams],
  );
  const clearFilters = useCallback(() => {
    requested.current = new URLSearchParams();
    router.replace(pathname, { scroll: false });
  }, [pathname, router]);

  const filtered = FILTER_NAMES.some((name) => filters[name]);
  const data = page.data;
  const firstRow = cursors.length * PAGE_SIZE + 1;

  return (
    <>
      <PageHeader
        title="Trackings"
        description="Every shipment your shop tracks, newest first. Statuses update by themselves as couriers report scans."
        actions={
          <>
            <a href={dashboardApi.trackingsExport(apiQuery).url} download className={buttonClass("secondary")}>
              Export CSV
            </a>
            <ButtonLink href="/trackings/import">Import CSV</ButtonLink>
            <ButtonLink href="/trackings/new" variant="primary">
              New tracking
            </ButtonLink>
          </>
        }
      />
      <Card>
        <div className="border-b border-slate-100 px-4 py-4 sm:px-5">
          <TrackingFilters filters={filters} onChange={setFilter} onClear={clearFilters} preferredSlugs={preferred.data ?? []} />
        </div>
        {page.isPending ? (
          <LoadingState label="Loading trackings…" />
        ) : page.isError && !data ? (
          <ErrorState error={page.error} onRetry={() => page.refetch()} />
        ) : data && data.trackings.length === 0 ? (
          filtered ? (
            <EmptyState title="No trackings match these filters" action={<Button onClick={clearFilters}>Clear filters</Button>}>
              Try another word, status, courier or date range.
            </EmptyState>
          ) : (
            <EmptyState
              title="No trackings yet"
              action={
                <div className="flex gap-2">
                  <ButtonLink href="/trackings/import">Import CSV</ButtonLink>
                  <ButtonLink href="/trackings/new" variant="primary">
                    New tracking
                  </ButtonLink>
                </div>
              }
            >
              Add a shipment here, import a spreadsheet, or create trackings through the API.
            </EmptyState>
          )
        ) : data ? (
          <>
            <div className="overflow-x-auto">
              <table className="min-w-full divide-y divide-slate-200 text-sm">
                <caption className="sr-only">Trackings</caption>
                <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase">
                  <tr>
                    <th scope="col" className="px-4 py-2.5 sm:pl-5">
                      Shipment
                    </th>
                    <th scope="col" className="px-4 py-2.5">
                      Status
                    </th>
                    <th scope="col" className="hidden px-4 py-2.5 md:table-cell">
                      Order / customer
                    </th>
                    <th scope="col" className="hidden px-4 py-2.5 lg:table-cell">
                      Latest update
                    </th>
                    <th scope="col" className="hidden px-4 py-2.5 sm:table-cell sm:pr-5">
                      Created
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100 bg-white">
                  {data.trackings.map((tracking) => (
                    <tr key={tracking.id} className="align-top hover:bg-slate-50">
                      <td className="max-w-[14rem] px-4 py-3 sm:pl-5">
                        <Link
                          href={`/trackings/${tracking.id}`}
                          className={cn("rounded font-medium break-all text-indigo-700 hover:text-indigo-600 hover:underline", focusRing)}
                        >
                          {tracking.tracking_number}
                        </Link>
                        <p className="mt-0.5 truncate text-xs text-slate-500">{tracking.courier_name}</p>
                        {tracking.title !== tracking.tracking_number && <p className="mt-0.5 truncate text-xs text-slate-700">{tracking.title}</p>}
                      </td>
                      <td className="px-4 py-3">
                        <StatusBadge tag={tracking.tag} />
                        {statusDetail(tracking.tag, tracking.subtag_message) && (
                          <p className="mt-1 max-w-[12rem] text-xs text-slate-500">{tracking.subtag_message}</p>
                        )}
                        {tracking.not_trackable && (
                          <NotTrackableActions notTrackable={tracking.not_trackable} className="mt-1 block max-w-[12rem] text-xs text-amber-800" />
                        )}
                      </td>
                      <td className="hidden px-4 py-3 md:table-cell">
                        <p className="text-slate-800">{tracking.order_number ?? tracking.order_id ?? (tracking.customer_name ? null : "—")}</p>
                        <p className="mt-0.5 text-xs text-slate-500">
                          {[tracking.customer_name, tracking.destination_country_region].filter(Boolean).join(" · ")}
                        </p>
                      </td>
                      <td className="hidden max-w-[18rem] px-4 py-3 lg:table-cell">
                        {tracking.latest_checkpoint ? (
                          <>
                            <p className="truncate text-slate-800">{tracking.latest_checkpoint.message}</p>
                            <p className="mt-0.5 text-xs text-slate-500">{formatLocalTime(tracking.latest_checkpoint.checkpoint_time)}</p>
                          </>
                        ) : (
                          <p className="text-slate-500">No scans yet</p>
                        )}
                      </td>
                      <td className="hidden px-4 py-3 whitespace-nowrap text-slate-600 sm:table-cell sm:pr-5">{formatDateTime(tracking.created_at)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <nav aria-label="Pages" className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 px-4 py-3 sm:px-5">
              <div className="flex items-center gap-3 text-sm text-slate-600">
                <span>
                  {formatNumber(firstRow)}–{formatNumber(firstRow + data.trackings.length - 1)} of {formatNumber(data.total)}
                </span>
                {page.isFetching ? <Spinner /> : <LiveIndicator updatedAt={page.dataUpdatedAt} />}
              </div>
              <div className="flex gap-2">
                <Button size="sm" disabled={cursors.length === 0} onClick={() => setPaging({ query: apiQuery, cursors: cursors.slice(0, -1) })}>
                  Newer
                </Button>
                <Button
                  size="sm"
                  disabled={!data.hasNextPage || !data.nextCursor}
                  onClick={() => data.nextCursor && setPaging({ query: apiQuery, cursors: [...cursors, data.nextCursor] })}
                >
                  Older
                </Button>
              </div>
            </nav>
          </>
        ) : null}
      </Card>
    </>
  );
}
