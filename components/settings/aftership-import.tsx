"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { dashboardApi, read, send } from "@/components/data/dashboard-api";
import { errorMessage } from "@/components/data/fetch-json";
import { formatDateTime } from "@/components/data/format";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Field, TextInput } from "@/components/ui/form-field";
import { PageHeader } from "@/components/ui/page-header";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/states";
import type { ImportView } from "@/lib/dashboard/store-views";

const STATUS = { running: ["Importing…", "sky"], done: ["Done", "emerald"], failed: ["Stopped", "red"] } as const;

function ImportRow({ run }: { run: ImportView }) {
  const [label, tone] = STATUS[run.status];
  return (
    <li className="space-y-1 px-4 py-4 sm:px-5" aria-label={`Import of ${formatDateTime(run.createdAt)}`}>
      <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-900">
        Started {formatDateTime(run.createdAt)} <Badge tone={tone}>{label}</Badge>
      </p>
      <p className="text-sm text-slate-700" role="status">
        {run.imported.toLocaleString("en")} imported, {run.updated.toLocaleString("en")} updated, {run.skipped.toLocaleString("en")} skipped
        {run.since && <span className="text-slate-500"> · trackings created since {formatDateTime(run.since)}</span>}
      </p>
      {Object.entries(run.skipReasons).map(([reason, count]) => (
        <p key={reason} className="text-xs text-slate-600">
          Skipped {count}: {reason}
        </p>
      ))}
      {run.error && <Alert tone="error">{run.error}</Alert>}
    </li>
  );
}

/** Settings → Import from AfterShip: one step from an AfterShip account to Waybill, with its history. */
export function AfterShipImport() {
  const client = useQueryClient();
  const [apiKey, setApiKey] = useState("");
  const [since, setSince] = useState("");
  const imports = useQuery({
    queryKey: dashboardApi.imports.key,
    queryFn: () => read(dashboardApi.imports).then((data) => data.imports),
    refetchInterval: (query) => (query.state.data?.some((run) => run.status === "running") ? 2_000 : false),
  });
  const start = useMutation({
    mutationFn: () => send<{ imports: ImportView[] }>(dashboardApi.imports, "POST", { apiKey, since: since || null }),
    onSuccess: (data) => {
      client.setQueryData(dashboardApi.imports.key, data.imports);
      setApiKey("");
    },
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    start.mutate();
  }
  return (
    <>
      <PageHeader
        title="Import from AfterShip"
        description="Bring every tracking of your AfterShip account, with its order, customer, status and scans, then follow the ones still on their way. Running it again updates rather than duplicates."
      />
      <div className="space-y-6">
        <Card>
          <CardHeader
            title="Start an import"
            description="Waybill reads your account through AfterShip's API, within its rate limit; the key is dropped when the import ends."
          />
          <CardBody>
            <form onSubmit={submit} className="grid gap-4 sm:grid-cols-3 sm:items-end">
              <Field label="AfterShip API key" hint="AfterShip → Settings → API keys.">
                {(control) => (
                  <TextInput {...control} type="password" autoComplete="off" required value={apiKey} onChange={(event) => setApiKey(event.target.value)} />
                )}
              </Field>
              <Field label="Created since (optional)" hint="Empty: everything AfterShip keeps.">
                {(control) => <TextInput {...control} type="date" value={since} onChange={(event) => setSince(event.target.value)} />}
              </Field>
              <Button type="submit" variant="primary" disabled={start.isPending}>
                {start.isPending ? "Checking the key…" : "Import"}
              </Button>
            </form>
            {start.isError && (
              <div className="mt-4">
                <Alert tone="error">{errorMessage(start.error)}</Alert>
              </div>
            )}
          </CardBody>
        </Card>
        <Card>
          <CardHeader title="Imports" />
          {imports.isPending ? (
            <LoadingState />
          ) : imports.isError ? (
            <ErrorState error={imports.error} onRetry={() => imports.refetch()} />
          ) : imports.data.length === 0 ? (
            <EmptyState title="No import yet">Start one above.</EmptyState>
          ) : (
            <ul className="divide-y divide-slate-100">
              {imports.data.map((run) => (
                <ImportRow key={run.id} run={run} />
              ))}
            </ul>
          )}
        </Card>
      </div>
    </>
  );
}
