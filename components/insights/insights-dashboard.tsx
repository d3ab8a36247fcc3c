"use client";

import { dashboardApi, read } from "@/components/data/dashboard-api";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { PageHeader } from "@/components/ui/page-header";
import { ErrorState, LoadingState } from "@/components/ui/states";
import { Charts } from "./insights-charts";
import { type Filters, InsightsFilters, queryOf } from "./insights-filters";

/** Insights: how shipments and couriers are doing, from the rollups. */
export function InsightsDashboard() {
  const [filters, setFilters] = useState<Filters>({ from: "", to: "", slug: "", origin: "", destination: "" });
  const query = queryOf(filters);
  const view = useQuery({ queryKey: dashboardApi.insights(query).key, queryFn: () => read(dashboardApi.insights(query)) });
  const set = (patch: Partial<Filters>) => setFilters({ ...filters, ...patch });
  return (
    <>
      <PageHeader title="Insights" description="How your couriers perform: statuses over time, scorecards and transit times by lane." />
      <InsightsFilters filters={filters} set={set} view={view.data} />
      {view.isPending ? (
        <LoadingState />
      ) : view.isError ? (
        <ErrorState error={view.error} onRetry={() => view.refetch()} />
      ) : (
        <Charts view={view.data} query={query} />
      )}
    </>
  );
}
