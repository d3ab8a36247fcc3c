"use client";

import { dashboardApi, everyPageOf, read, send } from "@/components/data/dashboard-api";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { errorMessage } from "@/components/data/fetch-json";
import { formatDateTime } from "@/components/data/format";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/modal";
import { ErrorState, LoadingState } from "@/components/ui/states";
import { TRIGGER_LABELS, WebhookStatusBadge } from "./webhook-status-badge";

function prettyBody(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

function DeliveryDetail({ id }: { id: string }) {
  const client = useQueryClient();
  const delivery = useQuery({
    queryKey: dashboardApi.webhookDelivery(id).key,
    queryFn: () => read(dashboardApi.webhookDelivery(id)).then((data) => data.delivery),
    refetchInterval: (query) => (query.state.data?.status === "pending" ? 5_000 : false),
  });
  const redeliver = useMutation({
    mutationFn: () => send(dashboardApi.webhookRedelivery(id), "POST"),
    onSuccess: () => client.invalidateQueries({ queryKey: everyPageOf.webhookDeliveries }),
  });
  if (delivery.isPending) return <LoadingState />;
  if (delivery.isError) return <ErrorState error={delivery.error} onRetry={() => delivery.refetch()} />;
  const data = delivery.data;
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <WebhookStatusBadge status={data.status} />
        <Badge tone="slate">{TRIGGER_LABELS[data.trigger]}</Badge>
        <Badge tone="indigo">{data.apiVersion}</Badge>
        <span className="text-slate-600">{formatDateTime(data.createdAt)}</span>
      </div>
      <section>
        <h3 className="text-sm font-semibold text-slate-900">Attempts</h3>
        {data.attempts.length === 0 ? (
          <p className="mt-1 text-sm text-slate-600">Not attempted yet{data.nextAttemptAt ? `: next at ${formatDateTime(data.nextAttemptAt)}` : ""}.</p>
        ) : (
          <ol className="mt-2 space-y-2">
            {data.attempts.map((attempt) => (
              <li key={attempt.attempt} className="rounded-lg p-3 text-sm ring-1 ring-slate-200">
                <p className="flex flex-wrap items-center gap-2">
                  <span className="font-medium text-slate-900">#{attempt.attempt}</span>
                  <Badge tone={attempt.succeeded ? "emerald" : "red"}>{attempt.statusCode ?? "no answer"}</Badge>
                  <span className="text-slate-600">
                    {formatDateTime(attempt.attemptedAt)} · {attempt.latencyMs} ms
                  </span>
                </p>
                <p className="mt-1 font-mono text-xs break-all text-slate-500">{attempt.url}</p>
                {(attempt.error || attempt.responseBody) && (
                  <pre className="mt-2 max-h-28 overflow-auto rounded bg-slate-50 p-2 text-xs whitespace-pre-wrap text-slate-700">
                    {attempt.error ?? attempt.responseBody}
                  </pre>
                )}
              </li>
            ))}
          </ol>
        )}
        {data.status === "pending" && data.nextAttemptAt && data.attempts.length > 0 && (
          <p className="mt-2 text-xs text-slate-500">Next attempt {formatDateTime(data.nextAttemptAt)}.</p>
        )}
      </section>
      <section>
        <h3 className="text-sm font-semibold text-slate-900">Body</h3>
        <pre className="mt-2 max-h-64 overflow-auto rounded-lg bg-slate-900 p-3 text-xs text-slate-100">{prettyBody(data.body)}</pre>
      </section>
      {redeliver.isError && <Alert tone="error">{errorMessage(redeliver.error)}</Alert>}
      {redeliver.isSuccess && <Alert tone="success">Redelivery queued: it appears at the top of the log.</Alert>}
      <div className="flex justify-end">
        <Button variant="primary" onClick={() => redeliver.mutate()} disabled={redeliver.isPending || redeliver.isSuccess}>
          {redeliver.isPending ? "Queuing…" : "Redeliver"}
        </Button>
      </div>
    </div>
  );
}

export function WebhookDeliveryDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  return (
    <Modal open={id !== null} onClose={onClose} title="Webhook delivery">
      {id && <DeliveryDetail id={id} />}
    </Modal>
  );
}
