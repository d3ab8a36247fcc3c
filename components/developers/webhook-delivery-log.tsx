"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { dashboardApi, read } from "@/components/data/dashboard-api";
import { RequestError } from "@/components/data/fetch-json";
import { formatDateTime } from "@/components/data/format";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { focusRing } from "@/components/ui/focus-ring";
import { Field, SelectInput } from "@/components/ui/form-field";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/states";
import { useWebhookEndpoints } from "./use-webhook-endpoints";
import { WebhookDeliveryDialog } from "./webhook-delivery-dialog";
import { TRIGGER_LABELS, WebhookStatusBadge } from "./webhook-status-badge";

const PAGE_SIZE = 20;

/**
 * The delivery log, newest first, refreshed while deliveries are retried. With a tracking id it
 * shows only that shipment's deliveries (the tracking page's panel), without the filters.
 */
export function WebhookDeliveryLog({ trackingId }: { trackingId?: string }) {
  const [filters, setFilters] = useState({ endpointId: "", status: "" });
  const [paging, setPaging] = useState({ key: "", cursors: [] as string[] });
  const [openId, setOpenId] = useState<string | null>(null);
  const query = new URLSearchParams({ limit: String(PAGE_SIZE) });
  if (trackingId) query.set("trackingId", trackingId);
  if (filters.endpointId) query.set("endpointId", filters.endpointId);
  if (filters.status) query.set("status", filters.status);
  const key = query.toString();
  const cursors = paging.key === key ? paging.cursors : [];
  const cursor = cursors[cursors.length - 1];
  const endpoints = useWebhookEndpoints(!trackingId);

  const deliveries = useQuery({
    queryKey: dashboardApi.webhookDeliveries(key, cursor).key,
    queryFn: ({ signal }) => read(dashboardApi.webhookDeliveries(key, cursor), signal),
    placeholderData: keepPreviousData,
    refetchInterval: 5_000,
  });

  const urlOf = new Map((endpoints.data ?? []).map((endpoint) => [endpoint.id, endpoint.url]));
  if (deliveries.error instanceof RequestError && deliveries.error.status === 403) {
    return <EmptyState title="Admins only">Only admins of your organisation see webhook deliveries.</EmptyState>;
  }
  return (
    <div>
      {!trackingId && (
        <div className="grid grid-cols-1 gap-3 border-b border-slate-100 px-4 py-4 sm:grid-cols-2 sm:px-5">
          <Field label="Endpoint">
            {(control) => (
              <SelectInput {...control} value={filters.endpointId} onChange={(event) => setFilters({ ...filters, endpointId: event.target.value })}>
                <option value="">All endpoints</option>
                {(endpoints.data ?? []).map((endpoint) => (
                  <option key={endpoint.id} value={endpoint.id}>
                    {endpoint.url}
                  </option>
                ))}
              </SelectInput>
            )}
          </Field>
          <Field label="Delivery status">
            {(control) => (
              <SelectInput {...control} value={filters.status} onChange={(event) => setFilters({ ...filters, status: event.target.value })}>
                <option value="">Any status</option>
                <option value="pending">Pending</option>
                <option value="delivered">Delivered</option>
                <option value="failed">Failed</option>
              </SelectInput>
            )}
          </Field>
        </div>
      )}
      {deliveries.isPending ? (
        <LoadingState label="Loading deliveries…" />
      ) : deliveries.isError && !deliveries.data ? (
        <ErrorState error={deliveries.error} onRetry={() => deliveries.refetch()} />
      ) : deliveries.data.deliveries.length === 0 ? (
        <EmptyState title="No deliveries">
          {trackingId
            ? "Nothing was sent to your webhook URLs about this shipment yet."
            : "Deliveries appear here as shipments change, and when you send a test."}
        </EmptyState>
      ) : (
        <>
          <div className="overflow-x-auto">
            <table className="min-w-full divide-y divide-slate-200 text-sm">
              <caption className="sr-only">Webhook deliveries</caption>
              <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase">
                <tr>
                  <th scope="col" className="px-4 py-2.5 sm:pl-5">
                    Sent
                  </th>
                  <th scope="col" className="px-4 py-2.5">
                    Status
                  </th>
                  <th scope="col" className="hidden px-4 py-2.5 md:table-cell">
                    Event
                  </th>
                  {!trackingId && (
                    <th scope="col" className="hidden px-4 py-2.5 lg:table-cell">
                      Endpoint
                    </th>
                  )}
                  <th scope="col" className="px-4 py-2.5 sm:pr-5">
                    <span className="sr-only">Details</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {deliveries.data.deliveries.map((delivery) => (
                  <tr key={delivery.id}>
                    <td className="px-4 py-3 whitespace-nowrap text-slate-700 sm:pl-5">{formatDateTime(delivery.createdAt)}</td>
                    <td className="px-4 py-3">
                      <WebhookStatusBadge status={delivery.status} />
                      <p className="mt-1 text-xs text-slate-500">
                        {delivery.attemptCount} {delivery.attemptCount === 1 ? "attempt" : "attempts"}
                      </p>
                    </td>
                    <td className="hidden px-4 py-3 md:table-cell">
                      <p className="text-slate-800">
                        {delivery.event === "tracking_update" ? "Tracking update" : "Delivery estimate revised"} · {TRIGGER_LABELS[delivery.trigger]}
                      </p>
                      {delivery.trackingId && !trackingId && (
                        <Link href={`/trackings/${delivery.trackingId}`} className={cn("rounded text-xs text-indigo-700 hover:underline", focusRing)}>
                          View the tracking
                        </Link>
                      )}
                    </td>
                    {!trackingId && (
                      <td className="hidden max-w-xs truncate px-4 py-3 font-mono text-xs text-slate-600 lg:table-cell">
                        {urlOf.get(delivery.endpointId) ?? "—"}
                      </td>
                    )}
                    <td className="px-4 py-3 text-right sm:pr-5">
                      <Button
                        size="sm"
                        onClick={() => setOpenId(delivery.id)}
                        aria-label={`Details of the delivery sent ${formatDateTime(delivery.createdAt)}`}
                      >
                        Details
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {(cursors.length > 0 || deliveries.data.nextCursor) && (
            <nav aria-label="Delivery pages" className="flex justify-end gap-2 border-t border-slate-100 px-4 py-3 sm:px-5">
              <Button size="sm" disabled={cursors.length === 0} onClick={() => setPaging({ key, cursors: cursors.slice(0, -1) })}>
                Newer
              </Button>
              <Button
                size="sm"
                disabled={!deliveries.data.nextCursor}
                onClick={() => deliveries.data.nextCursor && setPaging({ key, cursors: [...cursors, deliveries.data.nextCursor] })}
              >
                Older
              </Button>
            </nav>
          )}
        </>
      )}
      <WebhookDeliveryDialog id={openId} onClose={() => setOpenId(null)} />
    </div>
  );
}
