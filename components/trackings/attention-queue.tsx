"use client";

import { dashboardApi, read, send } from "@/components/data/dashboard-api";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { errorMessage } from "@/components/data/fetch-json";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { TextInput } from "@/components/ui/form-field";
import { PageHeader } from "@/components/ui/page-header";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/states";
import type { AttentionEntryView } from "@/lib/dashboard/types";
import { StatusBadge } from "./status-badge";
import { ATTENTION_REASON_TEXT, type AttentionReason } from "@/lib/attention/reason-text";
import { AwaitingShipment } from "./awaiting-shipment";

function Entry({ entry }: { entry: AttentionEntryView }) {
  const client = useQueryClient();
  const [note, setNote] = useState(entry.flags.find((flag) => flag.note)?.note ?? "");
  const act = useMutation({
    mutationFn: (body: Record<string, unknown>) => send(dashboardApi.attentionEntry(entry.trackingId), "POST", body),
    onSuccess: (_, body) => {
      if (body.action !== "note" && body.action !== "contact") void client.invalidateQueries({ queryKey: dashboardApi.attentionQueue.key });
    },
  });
  const name = entry.title && entry.title !== entry.trackingNumber ? entry.title : entry.trackingNumber;
  return (
    <li className="space-y-3 px-4 py-4 sm:px-5" aria-label={name}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <Link href={`/trackings/${entry.trackingId}`} className="font-medium text-indigo-700 underline-offset-2 hover:underline">
            {name}
          </Link>
          <p className="text-xs text-slate-500">
            {entry.courierName} · <span className="font-mono">{entry.trackingNumber}</span>
            {entry.orderId && ` · order ${entry.orderId}`}
          </p>
        </div>
        <StatusBadge tag={entry.tag} />
      </div>
      <ul className="flex flex-wrap gap-2">
        {entry.flags.map((flag) => (
          <li key={flag.reason}>
            <Badge tone={flag.reason === "stalled" || flag.reason === "no_first_scan" ? "amber" : "red"}>
              {ATTENTION_REASON_TEXT[flag.reason as AttentionReason] ?? flag.reason} · since {flag.since}
            </Badge>
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap items-center gap-2">
        <TextInput
          aria-label={`Note on ${name}`}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          placeholder="A note for the team"
          className="max-w-xs"
        />
        <Button size="sm" onClick={() => act.mutate({ action: "note", note })}>
          Save note
        </Button>
        <Button size="sm" onClick={() => act.mutate({ action: "snooze", days: 1 })}>
          Snooze a day
        </Button>
        <Button size="sm" onClick={() => act.mutate({ action: "contact" })}>
          Contact customer
        </Button>
        <Button size="sm" variant="primary" onClick={() => act.mutate({ action: "resolve" })}>
          Resolve
        </Button>
      </div>
      {act.isError && <Alert tone="error">{errorMessage(act.error)}</Alert>}
      {act.isSuccess && act.variables?.action === "contact" && <Alert tone="success">The customer was sent the message for this status.</Alert>}
      {act.isSuccess && act.variables?.action === "note" && <Alert tone="success">Note saved.</Alert>}
    </li>
  );
}

/** Shipments that need a person, newest reason first. */
export function AttentionQueue() {
  const queue = useQuery({
    queryKey: dashboardApi.attentionQueue.key,
    queryFn: () => read(dashboardApi.attentionQueue).then((data) => data.entries),
  });
  return (
    <>
      <PageHeader
        title="Needs attention"
        description="Shipments that stalled, missed their estimate, failed a delivery or are going back, counted in business days of their lane. A flag clears by itself when the shipment moves."
      />
      <Card>
        {queue.isPending ? (
          <LoadingState />
        ) : queue.isError ? (
          <ErrorState error={queue.error} onRetry={() => queue.refetch()} />
        ) : queue.data.length === 0 ? (
          <EmptyState title="Nothing needs attention">Every shipment is moving as its lane usually does.</EmptyState>
        ) : (
          <ul className="divide-y divide-slate-100" aria-label="Shipments that need attention">
            {queue.data.map((entry) => (
              <Entry key={entry.trackingId} entry={entry} />
            ))}
          </ul>
        )}
      </Card>
      <AwaitingShipment lateOnly />
    </>
  );
}
