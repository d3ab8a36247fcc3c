"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { fetchJson } from "@/components/data/fetch-json";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Field, SelectInput, TextInput } from "@/components/ui/form-field";
import { PageHeader } from "@/components/ui/page-header";
import { ErrorState, LoadingState } from "@/components/ui/states";
import { SHOWN_TAGS, STATUSES } from "@/components/trackings/status-badge";
import type { InsightsView } from "@/lib/dashboard/types";
import { tagCounter } from "@/lib/tags";

// Shipments by status: one series per status, in the dashboard's order, with its words and colour.
const STATUS_SERIES = SHOWN_TAGS.map((tag) => [tagCounter(tag), STATUSES[tag]!.label, STATUSES[tag]!.chart] as const);

const percent = (value: number | null) => (value === null ? "–" : `${Math.round(value * 100)} %`);

interface Filters {
  from: string;
  to: string;
  slug: string;
  origin: string;
  destination: string;
}

const queryOf = (filters: Filters) => new URLSearchParams(Object.entries(filters).filter(([, value]) => value.trim() !== "")).toString();

function ChartCard({
  title,
  description,
  csv,
  children,
  table,
}: {
  title: string;
  description: string;
  csv: string;
  children: React.ReactNode;
  table: React.ReactNode;
}) {
  return (
    <section aria-label={title}>
      <Card>
        <CardHeader title={title} description={description} />
        <CardBody className="space-y-4">
          <div className="h-72 w-full">{children}</div>
          <details>
            <summary className="cursor-pointer text-sm font-medium text-slate-800">The numbers</summary>
            <div className="mt-2 overflow-x-auto">{table}</div>
          </details>
          <a href={csv} className="text-sm text-indigo-700 underline underline-offset-2">
            Download CSV
          </a>
        </CardBody>
      </Card>
    </section>
  );
}

function Table({ head, rows }: { head: string[]; rows: Array<Array<string | number>> }) {
  return (
    <table className="min-w-full text-left text-xs">
      <thead>
        <tr className="text-slate-500">
          {head.map((cell) => (
            <th key={cell} scope="col" className="py-1 pr-4 font-medium">
              {cell}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="text-slate-800">
        {rows.map((row, index) => (
          <tr key={index} className="border-t border-slate-100">
            {row.map((cell, column) => (
              <td key={column} className="py-1 pr-4 tabular-nums">
                {cell}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Charts({ view, query }: { view: InsightsView; query: string }) {
  const csv = (table: string) => `/api/dashboard/insights/csv?table=${table}&${query}`;
  const shipments = view.couriers.reduce((sum, row) => sum + row.shipments, 0);
  const delivered = view.couriers.reduce((sum, row) => sum + row.delivered, 0);
  const scorecards = view.couriers.map((row) => ({
    name: row.name,
    delivered: Math.round((row.deliveredShare ?? 0) * 100),
    exceptions: Math.round((row.exceptionShare ?? 0) * 100),
    onTime: row.onTimeFirstEstimate === null ? 0 : Math.round(row.onTimeFirstEstimate * 100),
  }));
  return (
    <div className="space-y-6">
      <div className="grid gap-4 sm:grid-cols-3">
        {[
          ["Shipments", String(shipments)],
          ["Delivered", shipments ? percent(delivered / shipments) : "–"],
          ["Delivered inside the estimate", percent(view.estimateAccuracy)],
        ].map(([label, value]) => (
          <Card key={label}>
            <CardBody>
              <p className="text-sm text-slate-600">{label}</p>
              <p className="mt-1 text-2xl font-semibold text-slate-900 tabular-nums">{value}</p>
            </CardBody>
          </Card>
        ))}
      </div>

      <ChartCard
        title="Shipments by status"
        description="Shipments created each day, by the status they have now."
        csv={csv("statuses")}
        table={
          <Table
            head={["Day", ...STATUS_SERIES.map(([, label]) => label)]}
            rows={view.statuses.map((row) => [row.day, ...STATUS_SERIES.map(([key]) => Number(row[key] ?? 0))])}
          />
        }
      >
        <ResponsiveContainer>
          <BarChart data={view.statuses}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="day" tick={{ fontSize: 11 }} />
            <YAxis allowDecimals={false} tick={{ fontSize: 11 }} />
            <Tooltip />
            <Legend wrapperStyle={{ fontSize: 12 }} />
            {STATUS_SERIES.map(([key, label, color]) => (
              <Bar key={key} dataKey={key} name={label} stackId="status" fill={color} isAnimationActive={false} />
            ))}
          </BarChart>
        </ResponsiveContainer>
      </ChartCard>

      <ChartCard
        title="Courier scorecards"
        description="Delivered and exception shares, and deliveries on time against the first estimate."
        csv={csv("couriers")}
        table={
          <Table
            head={[
              "Courier",
              "Shipments",
              "Delivered",
              "Exceptions",
              "Failed attempts",
              "Returned",
              "Lost",
              "Damaged",
              "On time (first estimate)",
              "On time (promised)",
              "Estimate revised",
              "Inside estimate",
            ]}
            rows={view.couriers.map((row) => [
              row.name,
              row.shipments,
              percent(row.deliveredShare),
              percent(row.exceptionShare),
              percent(row.failedAttemptShare),
              percent(row.returnedShare),
              row.lost,
              row.damaged,
              percent(row.onTimeFirstEstimate),
              percent(row.onTimePromised),
              percent(row.revisedShare),
              percent(row.estimateAccuracy),
            ])}
          />
        }
      >
        <ResponsiveContainer>
          <BarChart data={scorecards}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="name" tick={{ fontSize: 11 }} />
            <YAxis unit=" %" domain={[0, 100]} tick={{ fontSize: 11 }} />
            <Tooltip />
            <Legend wrapperStyle={{ fontSize: 12 }} />
            <Bar dataKey="delivered" name="Delivered" fill="#10b981" isAnimationActive={false} />
            <Bar dataKey="onTime" name="On time (first estimate)" fill="#3b82f6" isAnimationActive={false} />
            <Bar dataKey="exceptions" name="Exceptions" fill="#ef4444" isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </ChartCard>

      <ChartCard
        title="Transit time by lane"
        description="Business days from pickup to delivery (holidays at both ends left out): median and 90th percentile."
        csv={csv("lanes")}
        table={
          <Table
            head={["Courier", "From", "To", "Delivered", "Median", "90th percentile"]}
            rows={view.lanes.map((lane) => [lane.name, lane.origin || "?", lane.destination || "?", lane.delivered, lane.median, lane.p90])}
          />
        }
      >
        <ResponsiveContainer>
          <BarChart data={view.lanes.map((lane) => ({ ...lane, lane: `${lane.name} ${lane.origin || "?"}→${lane.destination || "?"}` }))}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="lane" tick={{ fontSize: 11 }} />
            <YAxis allowDecimals={false} tick={{ fontSize: 11 }} />
            <Tooltip />
            <Legend wrapperStyle={{ fontSize: 12 }} />
            <Bar dataKey="median" name="Median" fill="#6366f1" isAnimationActive={false} />
            <Bar dataKey="p90" name="90th percentile" fill="#f59e0b" isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </ChartCard>
    </div>
  );
}

/** Insights: how shipments and couriers are doing, from the rollups. */
export function InsightsDashboard() {
  const [filters, setFilters] = useState<Filters>({ from: "", to: "", slug: "", origin: "", destination: "" });
  const query = queryOf(filters);
  const view = useQuery({ queryKey: ["insights", query], queryFn: () => fetchJson<InsightsView>(`/api/dashboard/insights?${query}`) });
  const set = (patch: Partial<Filters>) => setFilters({ ...filters, ...patch });
  return (
    <>
      <PageHeader title="Insights" description="How your couriers perform: statuses over time, scorecards and transit times by lane." />
      <form role="search" onSubmit={(event) => event.preventDefault()} className="mb-6 grid grid-cols-2 gap-3 lg:grid-cols-5">
        <Field label="From">
          {(control) => (
            <TextInput
              {...control}
              type="date"
              value={filters.from || (view.data?.filter.from ?? "")}
              onChange={(event) => set({ from: event.target.value })}
            />
          )}
        </Field>
        <Field label="To">
          {(control) => (
            <TextInput {...control} type="date" value={filters.to || (view.data?.filter.to ?? "")} onChange={(event) => set({ to: event.target.value })} />
          )}
        </Field>
        <Field label="Courier">
          {(control) => (
            <SelectInput {...control} value={filters.slug} onChange={(event) => set({ slug: event.target.value })}>
              <option value="">All couriers</option>
              {(view.data?.couriers ?? []).map((row) => (
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
            <TextInput
              {...control}
              maxLength={3}
              value={filters.destination}
              onChange={(event) => set({ destination: event.target.value })}
              placeholder="FRA"
            />
          )}
        </Field>
      </form>
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
