"use client";

import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { dashboardApi } from "@/components/data/dashboard-api";
import { SHOWN_TAGS, STATUSES } from "@/components/trackings/status-badge";
import { Card, CardBody } from "@/components/ui/card";
import type { InsightsView } from "@/lib/dashboard/types";
import { tagCounter } from "@/lib/tags";
import { ChartCard, Table } from "./chart-card";
import { ShopperComments } from "./shopper-comments";

// Shipments by status: one series per status, in the dashboard's order, with its words and colour.
const STATUS_SERIES = SHOWN_TAGS.map((tag) => [tagCounter(tag), STATUSES[tag]!.label, STATUSES[tag]!.chart] as const);

const percent = (value: number | null) => (value === null ? "–" : `${Math.round(value * 100)} %`);

/** The Insights figures: totals, shipments by status, courier scorecards and transit by lane. */
export function Charts({ view, query }: { view: InsightsView; query: string }) {
  const csv = (table: string) => dashboardApi.insightsCsv(table, query).url;
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

      <ChartCard
        title="Delivery satisfaction"
        description="Shoppers' answers to “How was your delivery?” (1 to 5) by courier and lane, for answers given in the range."
        csv={csv("satisfaction")}
        table={
          <Table
            head={["Courier", "From", "To", "Answers", "Average", "Rated 1 or 2"]}
            rows={view.satisfaction.map((lane) => [lane.name, lane.origin || "?", lane.destination || "?", lane.answers, lane.average.toFixed(2), lane.low])}
          />
        }
      >
        <ResponsiveContainer>
          <BarChart data={view.satisfaction.map((lane) => ({ ...lane, lane: `${lane.name} ${lane.origin || "?"}→${lane.destination || "?"}` }))}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="lane" tick={{ fontSize: 11 }} />
            <YAxis domain={[0, 5]} allowDecimals={false} tick={{ fontSize: 11 }} />
            <Tooltip />
            <Bar dataKey="average" name="Average rating" fill="#0ea5e9" isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </ChartCard>
      <ShopperComments view={view} csv={csv("comments")} />
    </div>
  );
}
