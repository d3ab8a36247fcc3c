"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { dashboardApi, send } from "@/components/data/dashboard-api";
import { errorMessage } from "@/components/data/fetch-json";
import { formatDateTime } from "@/components/data/format";
import { Alert } from "@/components/ui/alert";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/form-field";
import type { InsightsView } from "@/lib/dashboard/types";

/** The newest comments shoppers left with their rating (their own words, shown as text), and the low-rating rule. */
export function ShopperComments({ view, csv }: { view: InsightsView; csv: string }) {
  const client = useQueryClient();
  const rule = useMutation({
    mutationFn: (on: boolean) => send<{ attentionOnLowRating: boolean }>(dashboardApi.lowRatingRule, "PUT", { on }),
    onSuccess: () => client.invalidateQueries({ queryKey: ["insights"] }),
  });
  return (
    <section aria-label="Shoppers' comments">
      <Card>
        <CardHeader title="Shoppers' comments" description="The newest answers with a comment, in the shoppers' own words." />
        <CardBody className="space-y-4">
          <label className="flex items-center gap-2 text-sm text-slate-800">
            <Checkbox checked={view.attentionOnLowRating} disabled={rule.isPending} onChange={(event) => rule.mutate(event.target.checked)} />
            Put a delivery rated 1 or 2 in the needs-attention queue
          </label>
          {rule.isError && <Alert tone="error">{errorMessage(rule.error)}</Alert>}
          {view.comments.length === 0 ? (
            <p className="text-sm text-slate-600">No comments in this range.</p>
          ) : (
            <ul className="divide-y divide-slate-100">
              {view.comments.map((entry) => (
                <li key={entry.trackingId} className="py-3">
                  <p className="text-sm font-medium text-slate-900">
                    {entry.rating} / 5 · {entry.courier} · <span className="font-mono">{entry.trackingNumber}</span>
                  </p>
                  <p className="mt-1 text-sm break-words whitespace-pre-line text-slate-800">{entry.comment}</p>
                  <p className="mt-1 text-xs text-slate-500">{formatDateTime(entry.answeredAt)}</p>
                </li>
              ))}
            </ul>
          )}
          <a href={csv} className="text-sm text-indigo-700 underline underline-offset-2">
            Download every comment (CSV)
          </a>
        </CardBody>
      </Card>
    </section>
  );
}
