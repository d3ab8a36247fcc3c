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
import { Checkbox, Field, SelectInput, TextInput } from "@/components/ui/form-field";
import { PageHeader } from "@/components/ui/page-header";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/states";
import type { StoreView } from "@/lib/dashboard/store-views";

const PLATFORM_NAME = { shopify: "Shopify", woocommerce: "WooCommerce" } as const;

function Backfill({ store }: { store: StoreView }) {
  const backfill = store.backfill;
  if (!backfill) return <p className="text-sm text-slate-600">New fulfilments come in as they are made.</p>;
  const counts = `${backfill.orders.toLocaleString("en")} orders read, ${backfill.trackings.toLocaleString("en")} trackings added`;
  if (backfill.status === "running")
    return (
      <p className="text-sm text-slate-700" role="status" aria-live="polite">
        Bringing in orders changed since {formatDateTime(backfill.since)}: {counts} so far…
      </p>
    );
  if (backfill.status === "failed")
    return (
      <Alert tone="error">
        The backfill stopped: {backfill.error}. {counts}.
      </Alert>
    );
  return <p className="text-sm text-slate-700">Backfill done: {counts}.</p>;
}

function StoreCard({ store }: { store: StoreView }) {
  const client = useQueryClient();
  const remove = useMutation({
    mutationFn: () => send<{ stores: StoreView[] }>(dashboardApi.store(store.id), "DELETE"),
    onSuccess: (data) => client.setQueryData(dashboardApi.stores.key, data.stores),
  });
  return (
    <li className="space-y-2 px-4 py-4 sm:px-5" aria-label={store.shop}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium break-all text-slate-900">
          {store.shop} <Badge tone="indigo">{PLATFORM_NAME[store.platform]}</Badge>
          {store.setTrackingUrl && <Badge tone="slate">Links to your tracking page</Badge>}
          {store.completeOnDelivery && <Badge tone="slate">Completes delivered orders</Badge>}
        </p>
        <Button size="sm" variant="ghostDanger" onClick={() => remove.mutate()} disabled={remove.isPending}>
          Disconnect
        </Button>
      </div>
      <Backfill store={store} />
      <p className="text-xs break-all text-slate-500">
        Connected {formatDateTime(store.createdAt)}; webhooks arrive at {store.webhookUrl}
      </p>
      {remove.isError && <Alert tone="error">{errorMessage(remove.error)}</Alert>}
    </li>
  );
}

const EMPTY = {
  platform: "shopify" as "shopify" | "woocommerce",
  shop: "",
  accessToken: "",
  apiSecret: "",
  setTrackingUrl: false,
  siteUrl: "",
  consumerKey: "",
  consumerSecret: "",
  completeOnDelivery: false,
  backfillDays: "30",
};

function ConnectForm() {
  const client = useQueryClient();
  const [draft, setDraft] = useState(EMPTY);
  const set = (patch: Partial<typeof EMPTY>) => setDraft({ ...draft, ...patch });
  const connect = useMutation({
    mutationFn: () =>
      send<{ stores: StoreView[] }>(
        dashboardApi.stores,
        "POST",
        draft.platform === "shopify"
          ? {
              platform: "shopify",
              shop: draft.shop,
              accessToken: draft.accessToken,
              apiSecret: draft.apiSecret,
              setTrackingUrl: draft.setTrackingUrl,
              backfillDays: Number(draft.backfillDays || 0),
            }
          : {
              platform: "woocommerce",
              siteUrl: draft.siteUrl,
              consumerKey: draft.consumerKey,
              consumerSecret: draft.consumerSecret,
              completeOnDelivery: draft.completeOnDelivery,
              backfillDays: Number(draft.backfillDays || 0),
            },
      ),
    onSuccess: (data) => {
      client.setQueryData(dashboardApi.stores.key, data.stores);
      setDraft(EMPTY);
    },
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    connect.mutate();
  }
  const secret = (label: string, value: string, key: keyof typeof EMPTY, hint?: string) => (
    <Field label={label} hint={hint}>
      {(control) => (
        <TextInput {...control} type="password" autoComplete="off" required value={value} onChange={(event) => set({ [key]: event.target.value })} />
      )}
    </Field>
  );
  return (
    <Card>
      <CardHeader title="Connect a store" description="Waybill checks the keys with one call, keeps them encrypted, and subscribes to your orders." />
      <CardBody>
        <form onSubmit={submit} className="grid gap-4 sm:grid-cols-2">
          <Field label="Platform">
            {(control) => (
              <SelectInput {...control} value={draft.platform} onChange={(event) => set({ platform: event.target.value as typeof EMPTY.platform })}>
                <option value="shopify">Shopify</option>
                <option value="woocommerce">WooCommerce</option>
              </SelectInput>
            )}
          </Field>
          <Field label="Bring in the orders of the last … days" hint="0: only new fulfilments.">
            {(control) => (
              <TextInput
                {...control}
                type="number"
                min={0}
                max={365}
                value={draft.backfillDays}
                onChange={(event) => set({ backfillDays: event.target.value })}
              />
            )}
          </Field>
          {draft.platform === "shopify" ? (
            <>
              <Field label="Shop" hint="Its myshopify.com domain, e.g. lima-lamps.myshopify.com.">
                {(control) => <TextInput {...control} required value={draft.shop} onChange={(event) => set({ shop: event.target.value })} autoComplete="off" />}
              </Field>
              {secret(
                "Admin API access token",
                draft.accessToken,
                "accessToken",
                "Your custom app's token (shpat_…), with orders and fulfillments read and write.",
              )}
              {secret("API secret key", draft.apiSecret, "apiSecret", "The custom app's secret: it signs the webhooks Shopify sends.")}
              <label className="flex items-center gap-2 self-end text-sm text-slate-800">
                <Checkbox checked={draft.setTrackingUrl} onChange={(event) => set({ setTrackingUrl: event.target.checked })} />
                Point each fulfilment&apos;s tracking link at your Waybill tracking page
              </label>
            </>
          ) : (
            <>
              <Field label="Site address" hint="e.g. https://shop.example">
                {(control) => <TextInput {...control} type="url" required value={draft.siteUrl} onChange={(event) => set({ siteUrl: event.target.value })} />}
              </Field>
              {secret("Consumer key", draft.consumerKey, "consumerKey", "WooCommerce → Settings → Advanced → REST API, read/write (ck_…).")}
              {secret("Consumer secret", draft.consumerSecret, "consumerSecret", "cs_…")}
              <label className="flex items-center gap-2 self-end text-sm text-slate-800">
                <Checkbox checked={draft.completeOnDelivery} onChange={(event) => set({ completeOnDelivery: event.target.checked })} />
                Mark the order completed when every parcel is delivered
              </label>
            </>
          )}
          {connect.isError && (
            <div className="sm:col-span-2">
              <Alert tone="error">{errorMessage(connect.error)}</Alert>
            </div>
          )}
          <div className="flex justify-end sm:col-span-2">
            <Button type="submit" variant="primary" disabled={connect.isPending}>
              {connect.isPending ? "Connecting…" : "Connect store"}
            </Button>
          </div>
        </form>
      </CardBody>
    </Card>
  );
}

/** Settings → Stores: the shops whose fulfilments Waybill follows and tells about. */
export function Stores() {
  const stores = useQuery({
    queryKey: dashboardApi.stores.key,
    queryFn: () => read(dashboardApi.stores).then((data) => data.stores),
    // While a backfill runs, its progress is read every two seconds.
    refetchInterval: (query) => (query.state.data?.some((store) => store.backfill?.status === "running") ? 2_000 : false),
  });
  return (
    <>
      <PageHeader
        title="Stores"
        description="Connect your Shopify or WooCommerce store: every fulfilment becomes a tracking with its order, and the store hears how each parcel is doing."
      />
      <div className="space-y-6">
        <Card>
          <CardHeader title="Connected stores" />
          {stores.isPending ? (
            <LoadingState />
          ) : stores.isError ? (
            <ErrorState error={stores.error} onRetry={() => stores.refetch()} />
          ) : stores.data.length === 0 ? (
            <EmptyState title="No store connected">Connect one below; trackings then arrive without any code.</EmptyState>
          ) : (
            <ul className="divide-y divide-slate-100">
              {stores.data.map((store) => (
                <StoreCard key={store.id} store={store} />
              ))}
            </ul>
          )}
        </Card>
        <ConnectForm />
      </div>
    </>
  );
}
