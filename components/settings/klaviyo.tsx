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
import { Checkbox, Field, TextInput } from "@/components/ui/form-field";
import { PageHeader } from "@/components/ui/page-header";
import { ErrorState, LoadingState } from "@/components/ui/states";
import type { KlaviyoView } from "@/lib/notifications/klaviyo/klaviyo-settings";

/** What each metric is sent for, in the order a shipment meets them. */
const KINDS: Array<[keyof KlaviyoView["metricNames"], string]> = [
  ["created", "A tracking is created"],
  ["info_received", "The carrier has the label"],
  ["in_transit", "In transit"],
  ["out_for_delivery", "Out for delivery"],
  ["available_for_pickup", "Ready for pickup"],
  ["failed_attempt", "Delivery attempt failed"],
  ["delivered", "Delivered"],
  ["exception", "Exception"],
  ["expired", "No news for 30 days"],
  ["estimate_revised", "Delivery estimate moved"],
  ["attention", "Needs attention"],
];

function Status({ view }: { view: Extract<KlaviyoView, { connected: true }> }) {
  if (view.status === "key_refused") {
    return (
      <Alert tone="error">
        Klaviyo refused the key ending in {view.keyHint}: it was revoked or lacks a scope ({view.lastError}). Nothing is sent until you paste a working key;
        your own templates send meanwhile.
      </Alert>
    );
  }
  return (
    <div className="space-y-2 text-sm text-slate-700">
      <p className="flex flex-wrap items-center gap-2">
        <Badge tone={view.status === "connected" ? "emerald" : "amber"}>{view.status === "connected" ? "Connected" : "Retrying"}</Badge>
        Key ending in {view.keyHint}. {view.sentCount.toLocaleString("en")} events sent
        {view.lastSentAt ? `, the last ${formatDateTime(view.lastSentAt)}` : ""}; {view.waiting.toLocaleString("en")} changes waiting.
      </p>
      {view.status === "failing" && <Alert tone="warning">The last send failed: {view.lastError}. Waybill tries again on its own.</Alert>}
      {view.pausedUntil && view.status === "connected" && <p>Klaviyo asked us to wait: sending goes on at {formatDateTime(view.pausedUntil)}.</p>}
    </div>
  );
}

function SettingsForm({ view }: { view: KlaviyoView }) {
  const client = useQueryClient();
  const [key, setKey] = useState("");
  const [names, setNames] = useState(view.metricNames);
  const [replacesEmail, setReplacesEmail] = useState(view.connected ? view.replacesEmail : false);
  const [replacesSms, setReplacesSms] = useState(view.connected ? view.replacesSms : false);
  const save = useMutation({
    mutationFn: () => send<KlaviyoView>(dashboardApi.klaviyo, "PUT", { ...(key ? { key } : {}), metricNames: names, replacesEmail, replacesSms }),
    onSuccess: (data) => {
      client.setQueryData(dashboardApi.klaviyo.key, data);
      setKey("");
    },
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate();
  }
  return (
    <form onSubmit={submit} className="space-y-5">
      <Field
        label={view.connected ? "New private API key (leave empty to keep the saved one)" : "Private API key"}
        hint="Klaviyo → Settings → API keys → Create private API key, with Events (write) and Accounts (read). Waybill tests it with Klaviyo and keeps it encrypted."
      >
        {(control) => (
          <TextInput {...control} type="password" autoComplete="off" required={!view.connected} value={key} onChange={(event) => setKey(event.target.value)} />
        )}
      </Field>
      <fieldset className="space-y-3">
        <legend className="text-sm font-medium text-slate-800">Metric names (empty: not sent)</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {KINDS.map(([kind, label]) => (
            <Field key={kind} label={label}>
              {(control) => (
                <TextInput {...control} maxLength={128} value={names[kind] ?? ""} onChange={(event) => setNames({ ...names, [kind]: event.target.value })} />
              )}
            </Field>
          ))}
        </div>
      </fieldset>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-800">Your Klaviyo flows send</legend>
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <Checkbox checked={replacesEmail} onChange={(event) => setReplacesEmail(event.target.checked)} />
          E-mail: Waybill&apos;s own e-mail templates stay quiet
        </label>
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <Checkbox checked={replacesSms} onChange={(event) => setReplacesSms(event.target.checked)} />
          SMS: Waybill&apos;s own SMS templates stay quiet
        </label>
      </fieldset>
      {save.isError && <Alert tone="error">{errorMessage(save.error)}</Alert>}
      <div className="flex justify-end">
        <Button type="submit" variant="primary" disabled={save.isPending}>
          {save.isPending ? "Checking with Klaviyo…" : view.connected ? "Save" : "Connect Klaviyo"}
        </Button>
      </div>
    </form>
  );
}

/** Settings → Integrations → Klaviyo: shipment news as Klaviyo metrics, for the merchant's flows. */
export function Klaviyo() {
  const client = useQueryClient();
  // Read again every 15 s: a refused key or a wait Klaviyo asked for shows without a reload.
  const view = useQuery({ queryKey: dashboardApi.klaviyo.key, queryFn: () => read(dashboardApi.klaviyo), refetchInterval: 15_000 });
  const remove = useMutation({
    mutationFn: () => send<KlaviyoView>(dashboardApi.klaviyo, "DELETE"),
    onSuccess: (data) => client.setQueryData(dashboardApi.klaviyo.key, data),
  });
  const check = useMutation({
    mutationFn: () => send<KlaviyoView>(dashboardApi.klaviyoCheck, "POST"),
    onSuccess: (data) => client.setQueryData(dashboardApi.klaviyo.key, data),
  });
  return (
    <>
      <PageHeader
        title="Klaviyo"
        description="Each shipment's news reaches Klaviyo as a metric on the shopper's profile (tracking number, courier, status, estimate, tracking page, order, last scan), so your flows can send it."
      />
      {view.isPending ? (
        <LoadingState />
      ) : view.isError ? (
        <ErrorState error={view.error} onRetry={() => view.refetch()} />
      ) : (
        <div className="space-y-6">
          {view.data.connected && (
            <Card>
              <CardHeader
                title="Status"
                actions={
                  <>
                    <Button size="sm" onClick={() => check.mutate()} disabled={check.isPending}>
                      {check.isPending ? "Testing…" : "Test connection"}
                    </Button>
                    <Button size="sm" variant="ghostDanger" onClick={() => remove.mutate()} disabled={remove.isPending}>
                      Disconnect
                    </Button>
                  </>
                }
              />
              <CardBody>
                <Status view={view.data} />
                {[remove, check].map(
                  (mutation, index) =>
                    mutation.isError && (
                      <Alert key={index} tone="error">
                        {errorMessage(mutation.error)}
                      </Alert>
                    ),
                )}
              </CardBody>
            </Card>
          )}
          <Card>
            <CardHeader
              title={view.data.connected ? "Settings" : "Connect Klaviyo"}
              description="Only shipments with a customer e-mail are sent; each change once."
            />
            <CardBody>
              <SettingsForm key={view.data.connected ? `${view.data.keyHint}` : "new"} view={view.data} />
            </CardBody>
          </Card>
        </div>
      )}
    </>
  );
}
