"use client";

import { dashboardApi, everyPageOf, send } from "@/components/data/dashboard-api";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { errorMessage } from "@/components/data/fetch-json";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Checkbox, Field, SelectInput, TextInput } from "@/components/ui/form-field";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/states";
import type { TestWebhookResult } from "@/lib/webhooks/send-test-webhook";
import type { WebhookEndpointView } from "@/lib/webhooks/webhook-views";
import { useWebhookEndpoints } from "./use-webhook-endpoints";

const VERSIONS: Array<[WebhookEndpointView["apiVersion"], string]> = [
  ["2026-07", "2026-07 (latest)"],
  ["2026-01", "2026-01"],
  ["2025-07", "2025-07"],
  ["2025-04", "2025-04"],
  ["2024-07", "2024-07"],
  ["v4", "v4 (legacy)"],
];
const HEADERS: Array<[WebhookEndpointView["signatureHeader"], string]> = [
  ["waybill-hmac-sha256", "waybill-hmac-sha256"],
  ["aftership-hmac-sha256", "aftership-hmac-sha256 (existing AfterShip receivers)"],
];

function AddEndpointForm() {
  const client = useQueryClient();
  const [values, setValues] = useState({
    url: "",
    apiVersion: "2026-07" as WebhookEndpointView["apiVersion"],
    signatureHeader: "waybill-hmac-sha256" as WebhookEndpointView["signatureHeader"],
    attentionEvents: false,
  });
  const add = useMutation({
    mutationFn: (body: typeof values) => send(dashboardApi.webhookEndpoints, "POST", body),
    onSuccess: () => {
      setValues((current) => ({ ...current, url: "" }));
      void client.invalidateQueries({ queryKey: dashboardApi.webhookEndpoints.key });
    },
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    add.mutate(values);
  }
  return (
    <form onSubmit={submit} className="space-y-3">
      <div className="grid gap-3 md:grid-cols-12 md:items-end">
        <Field label="Webhook URL" className="md:col-span-6">
          {(control) => (
            <TextInput
              {...control}
              type="url"
              required
              placeholder="https://shop.example.com/webhooks/waybill"
              value={values.url}
              onChange={(event) => setValues({ ...values, url: event.target.value })}
            />
          )}
        </Field>
        <Field label="API version" className="md:col-span-3">
          {(control) => (
            <SelectInput
              {...control}
              value={values.apiVersion}
              onChange={(event) => setValues({ ...values, apiVersion: event.target.value as WebhookEndpointView["apiVersion"] })}
            >
              {VERSIONS.map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </SelectInput>
          )}
        </Field>
        <div className="md:col-span-3">
          <Button type="submit" variant="primary" className="w-full" disabled={add.isPending}>
            {add.isPending ? "Adding…" : "Add URL"}
          </Button>
        </div>
      </div>
      <Field label="Signature header" hint="Receivers written for AfterShip verify unchanged with its header name.">
        {(control) => (
          <SelectInput
            {...control}
            className="md:max-w-md"
            value={values.signatureHeader}
            onChange={(event) => setValues({ ...values, signatureHeader: event.target.value as WebhookEndpointView["signatureHeader"] })}
          >
            {HEADERS.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </SelectInput>
        )}
      </Field>
      <label className="flex items-center gap-2 text-sm text-slate-700">
        <Checkbox checked={values.attentionEvents} onChange={(event) => setValues({ ...values, attentionEvents: event.target.checked })} />
        Also send tracking_attention events (a shipment newly needs attention)
      </label>
      {add.isError && <Alert tone="error">{errorMessage(add.error)}</Alert>}
    </form>
  );
}

function EndpointRow({ endpoint, onDelete }: { endpoint: WebhookEndpointView; onDelete: () => void }) {
  const client = useQueryClient();
  const toggle = useMutation({
    mutationFn: (enabled: boolean) => send(dashboardApi.webhookEndpoint(endpoint.id), "PATCH", { enabled }),
    onSettled: () => client.invalidateQueries({ queryKey: dashboardApi.webhookEndpoints.key }),
  });
  const test = useMutation({
    mutationFn: () => send<TestWebhookResult>(dashboardApi.webhookEndpointTest(endpoint.id), "POST"),
    onSettled: () => client.invalidateQueries({ queryKey: everyPageOf.webhookDeliveries }),
  });
  const result = test.data;
  return (
    <li className="space-y-3 px-4 py-4 sm:px-5">
      <div className="flex flex-col gap-3 md:flex-row md:items-start md:justify-between">
        <div className="min-w-0">
          <p className="font-mono text-sm break-all text-slate-900">{endpoint.url}</p>
          <p className="mt-1 flex flex-wrap items-center gap-1.5 text-xs text-slate-500">
            <Badge tone="indigo">{endpoint.apiVersion}</Badge>
            <span>signed in {endpoint.signatureHeader}</span>
            {endpoint.attentionEvents && <Badge tone="amber">+ tracking_attention</Badge>}
            {!endpoint.enabled && <Badge tone="zinc">Disabled</Badge>}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <label className="flex items-center gap-2 text-sm text-slate-700">
            <Checkbox checked={endpoint.enabled} disabled={toggle.isPending} onChange={(event) => toggle.mutate(event.target.checked)} />
            Enabled<span className="sr-only"> for {endpoint.url}</span>
          </label>
          <Button size="sm" onClick={() => test.mutate()} disabled={test.isPending} aria-label={`Send a test to ${endpoint.url}`}>
            {test.isPending ? "Sending…" : "Send test"}
          </Button>
          <Button size="sm" variant="ghostDanger" onClick={onDelete} aria-label={`Delete ${endpoint.url}`}>
            Delete
          </Button>
        </div>
      </div>
      {toggle.isError && <Alert tone="error">{errorMessage(toggle.error)}</Alert>}
      {test.isError && <Alert tone="error">{errorMessage(test.error)}</Alert>}
      {result && (
        <Alert tone={result.delivered ? "success" : "error"} title={result.delivered ? "Test delivered" : "Test not delivered"}>
          {result.attempt.statusCode !== null
            ? `The receiver answered ${result.attempt.statusCode}`
            : `No answer: ${result.attempt.error ?? "the connection failed"}`}{" "}
          in {result.attempt.latencyMs} ms.
        </Alert>
      )}
    </li>
  );
}

export function WebhookEndpoints() {
  const client = useQueryClient();
  const endpoints = useWebhookEndpoints();
  const [deleting, setDeleting] = useState<WebhookEndpointView | null>(null);
  const remove = useMutation({
    mutationFn: (id: string) => send(dashboardApi.webhookEndpoint(id), "DELETE"),
    onSuccess: () => {
      setDeleting(null);
      void client.invalidateQueries({ queryKey: dashboardApi.webhookEndpoints.key });
    },
  });
  return (
    <Card>
      <CardHeader title="Endpoints" description="Every tracking update is posted to each enabled URL (up to 10), shaped like the API version you pick." />
      <CardBody className="border-b border-slate-100">
        <AddEndpointForm />
      </CardBody>
      {endpoints.isPending ? (
        <LoadingState />
      ) : endpoints.isError ? (
        <ErrorState error={endpoints.error} onRetry={() => endpoints.refetch()} />
      ) : endpoints.data.length === 0 ? (
        <EmptyState title="No webhook URLs yet">Add the URL of the service that should hear about shipment updates.</EmptyState>
      ) : (
        <ul className="divide-y divide-slate-100">
          {endpoints.data.map((endpoint) => (
            <EndpointRow key={endpoint.id} endpoint={endpoint} onDelete={() => setDeleting(endpoint)} />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={deleting !== null}
        onClose={() => {
          setDeleting(null);
          remove.reset();
        }}
        destructive
        title="Delete this webhook URL?"
        description={<span className="break-all">{deleting?.url} stops receiving updates, and its delivery log is deleted.</span>}
        confirmLabel="Delete URL"
        pending={remove.isPending}
        error={errorMessage(remove.error)}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
      />
    </Card>
  );
}
