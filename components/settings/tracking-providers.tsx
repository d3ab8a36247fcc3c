"use client";

import { dashboardApi, read, send } from "@/components/data/dashboard-api";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { errorMessage } from "@/components/data/fetch-json";
import { formatDateTime } from "@/components/data/format";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Checkbox, Field, TextInput } from "@/components/ui/form-field";
import { PageHeader } from "@/components/ui/page-header";
import { ErrorState, LoadingState } from "@/components/ui/states";
import type { ProviderKeyView } from "@/lib/connections/list-provider-keys";

const COST: Record<ProviderKeyView["provider"], string> = {
  track17: "17TRACK counts one unit of quota per number it registers (Waybill registers a tracking at its first poll); polls and pushes are free.",
  ship24: "Ship24 counts trackers: one per number and courier a month on its per-shipment plans.",
};

function ProviderCard({ view }: { view: ProviderKeyView }) {
  const client = useQueryClient();
  const [apiKey, setApiKey] = useState("");
  const [webhookSecret, setWebhookSecret] = useState("");
  const [push, setPush] = useState(view.push);
  const refresh = (data: { providers: ProviderKeyView[] }) => client.setQueryData(dashboardApi.trackingProviders.key, data.providers);
  const save = useMutation({
    mutationFn: () =>
      send<{ providers: ProviderKeyView[] }>(dashboardApi.trackingProviders, "POST", {
        provider: view.provider,
        apiKey,
        ...(webhookSecret ? { webhookSecret } : {}),
        ...(view.provider === "track17" ? { push } : {}),
      }),
    onSuccess: (data) => {
      setApiKey("");
      setWebhookSecret("");
      refresh(data);
    },
  });
  const retest = useMutation({
    mutationFn: () => send<{ providers: ProviderKeyView[] }>(dashboardApi.trackingProvider(view.provider), "POST"),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: () => send<{ providers: ProviderKeyView[] }>(dashboardApi.trackingProvider(view.provider), "DELETE"),
    onSuccess: refresh,
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate();
  }
  const origin = typeof window === "undefined" ? "" : window.location.origin;
  return (
    <Card>
      <CardHeader title={view.label} description={`Follows ${view.couriers.toLocaleString("en")} couriers of the catalogue. ${COST[view.provider]}`} />
      <CardBody className="space-y-4">
        <div className="flex flex-wrap items-center gap-2 text-sm">
          {view.key ? <Badge tone="indigo">Key {view.key}</Badge> : <Badge tone="slate">No key of your own</Badge>}
          {view.serverDefault && !view.key && <Badge tone="slate">The server&apos;s key is used</Badge>}
          {view.push && <Badge tone="indigo">Push on: polled every 12 hours as a safety net</Badge>}
          {view.quota && (
            <span className="text-slate-700">
              Quota: {view.quota.remaining ?? "?"} left of {view.quota.total ?? "?"}
              {view.quotaCheckedAt && <span className="text-slate-500"> (checked {formatDateTime(view.quotaCheckedAt)})</span>}
            </span>
          )}
        </div>
        {view.lowQuota && (
          <Alert tone="warning">
            The quota is running out: new trackings through {view.label} will wait once it is used up. Add quota at {view.label}.
          </Alert>
        )}
        {view.lastError && <Alert tone="error">{view.lastError}</Alert>}
        <form onSubmit={submit} className="grid gap-4 sm:grid-cols-3 sm:items-end">
          <Field label={`${view.label} API key`}>
            {(control) => (
              <TextInput {...control} type="password" autoComplete="off" value={apiKey} onChange={(event) => setApiKey(event.target.value)} required />
            )}
          </Field>
          {view.provider === "ship24" && (
            <Field label="Webhook secret">
              {(control) => (
                <TextInput {...control} type="password" autoComplete="off" value={webhookSecret} onChange={(event) => setWebhookSecret(event.target.value)} />
              )}
            </Field>
          )}
          {view.provider === "track17" && (
            <label className="flex items-center gap-2 text-sm text-slate-700 sm:col-span-3">
              <Checkbox checked={push} onChange={(event) => setPush(event.target.checked)} />
              17TRACK pushes to Waybill (its webhook URL is set to the address below): poll only every 12 hours
            </label>
          )}
          <Button type="submit" variant="primary" disabled={save.isPending}>
            {save.isPending ? "Testing the key…" : view.key ? "Test and replace the key" : "Test and add the key"}
          </Button>
        </form>
        {save.isError && <Alert tone="error">{errorMessage(save.error)}</Alert>}
        {save.isSuccess && <Alert tone="success">{view.label} accepted the key.</Alert>}
        <p className="text-xs text-slate-500">
          For pushes, set {view.label}&apos;s webhook URL to <code>{`${origin}${view.pushUrlPath}`}</code>.
        </p>
        {view.key && (
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" size="sm" onClick={() => retest.mutate()} disabled={retest.isPending}>
              {retest.isPending ? "Testing…" : "Test the key again"}
            </Button>
            <Button variant="ghostDanger" size="sm" onClick={() => remove.mutate()} disabled={remove.isPending}>
              Remove the key
            </Button>
          </div>
        )}
        {retest.isError && <Alert tone="error">{errorMessage(retest.error)}</Alert>}
        {remove.isError && <Alert tone="error">{errorMessage(remove.error)}</Alert>}
      </CardBody>
    </Card>
  );
}

const listInWords = (names: string[]) => (names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names.at(-1)}` : (names[0] ?? "no carrier"));

/** Settings → Tracking providers: the keys that follow the couriers Waybill cannot ask directly. */
export function TrackingProviders({ directCarriers }: { directCarriers: string[] }) {
  const providers = useQuery({
    queryKey: dashboardApi.trackingProviders.key,
    queryFn: () => read(dashboardApi.trackingProviders).then((data) => data.providers),
  });
  return (
    <>
      <PageHeader
        title="Tracking providers"
        description={`Waybill asks ${listInWords(directCarriers)} itself. Every other courier is followed through a tracking provider with your key; without one, such trackings wait as not trackable.`}
      />
      {providers.isPending ? (
        <LoadingState />
      ) : providers.isError ? (
        <ErrorState error={providers.error} onRetry={() => providers.refetch()} />
      ) : (
        <div className="space-y-6">
          {providers.data.map((view) => (
            <ProviderCard key={view.provider} view={view} />
          ))}
        </div>
      )}
    </>
  );
}
