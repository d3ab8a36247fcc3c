"use client";

import { dashboardApi, read } from "@/components/data/dashboard-api";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import type { ReactNode } from "react";
import { RequestError } from "@/components/data/fetch-json";
import { formatDate, formatDateTime } from "@/components/data/format";
import { WebhookDeliveryLog } from "@/components/developers/webhook-delivery-log";
import { ButtonLink } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { focusRing } from "@/components/ui/focus-ring";
import { PageHeader } from "@/components/ui/page-header";
import { EmptyState, ErrorState, LoadingState, Spinner } from "@/components/ui/states";
import type { TrackingDetail as Tracking } from "@/lib/dashboard/types";
import { CheckpointTimeline } from "./checkpoint-timeline";
import { ContactsEditor } from "./contacts-editor";
import { DeliveryEstimate } from "./delivery-estimate";
import { LIVE_REFRESH_MS, LiveIndicator } from "./live-indicator";
import { NotTrackableNotice } from "./not-trackable-notice";
import { StatusBadge, statusDetail } from "./status-badge";
import { TrackingActions } from "./tracking-actions";

function BackLink() {
  return (
    <Link href="/trackings" className={cn("rounded text-indigo-700 hover:underline", focusRing)}>
      ← Trackings
    </Link>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[8rem_1fr] gap-3 py-2 text-sm">
      <dt className="text-slate-500">{label}</dt>
      <dd className="min-w-0 break-words text-slate-900">{children || "—"}</dd>
    </div>
  );
}

function ShipmentDetails({ tracking }: { tracking: Tracking }) {
  const customer = tracking.customers[0];
  const destination = [tracking.destination_city, tracking.destination_state, tracking.destination_postal_code, tracking.destination_country_region]
    .filter(Boolean)
    .join(", ");
  return (
    <dl className="divide-y divide-slate-100 px-4 py-2 sm:px-5">
      <Detail label="Courier">
        {tracking.courier_tracking_link ? (
          <a href={tracking.courier_tracking_link} target="_blank" rel="noreferrer" className={cn("rounded text-indigo-700 hover:underline", focusRing)}>
            {tracking.courier_name}
            <span className="sr-only"> (opens the courier&apos;s site)</span>
          </a>
        ) : (
          tracking.courier_name
        )}
      </Detail>
      <Detail label="Order">{[tracking.order_number, tracking.order_id].filter(Boolean).join(" · ")}</Detail>
      <Detail label="Customer">{customer?.name ?? tracking.customer_name}</Detail>
      <Detail label="Destination">{destination}</Detail>
      {tracking.courier_required_fields.map((field) => (
        <Detail key={field} label={field.replaceAll("_", " ")}>
          {String((tracking as unknown as Record<string, unknown>)[field] ?? "")}
        </Detail>
      ))}
      <Detail label="Picked up">{tracking.shipment_pickup_date && formatDate(tracking.shipment_pickup_date)}</Detail>
      <Detail label="Transit">{tracking.transit_time !== null ? `${tracking.transit_time} days` : null}</Detail>
      <Detail label="Note">{tracking.note}</Detail>
      <Detail label="Created">{formatDateTime(tracking.created_at)}</Detail>
      <Detail label="Updated">{formatDateTime(tracking.updated_at)}</Detail>
    </dl>
  );
}

export function TrackingDetail({ id }: { id: string }) {
  const query = useQuery({
    queryKey: dashboardApi.tracking(id).key,
    queryFn: ({ signal }) => read(dashboardApi.tracking(id), signal),
    refetchInterval: LIVE_REFRESH_MS,
  });

  if (query.isPending) return <LoadingState label="Loading the tracking…" />;
  if (query.isError && !query.data) {
    if (query.error instanceof RequestError && query.error.status === 404) {
      return (
        <Card>
          <EmptyState title="This tracking does not exist" action={<ButtonLink href="/trackings">Back to trackings</ButtonLink>}>
            It may have been deleted, or it belongs to another organisation.
          </EmptyState>
        </Card>
      );
    }
    return (
      <Card>
        <ErrorState error={query.error} onRetry={() => query.refetch()} />
      </Card>
    );
  }
  const tracking = query.data;
  return (
    <>
      <PageHeader
        eyebrow={<BackLink />}
        title={
          <span className="flex flex-wrap items-center gap-3">
            <span className="break-all">{tracking.tracking_number}</span>
            <StatusBadge tag={tracking.tag} />
          </span>
        }
        description={
          <>
            {tracking.courier_name}
            {tracking.title !== tracking.tracking_number && <> · {tracking.title}</>}
            {statusDetail(tracking.tag, tracking.subtag_message) && <> · {tracking.subtag_message}</>}
            {!tracking.active && <> · no longer tracked</>}
          </>
        }
        actions={<TrackingActions tracking={tracking} />}
      />
      {tracking.not_trackable && <NotTrackableNotice notTrackable={tracking.not_trackable} />}
      {/* On phones the estimate and contacts come right after the timeline, before the webhook log. */}
      <div className="grid items-start gap-6 lg:grid-cols-3 lg:grid-rows-[auto_1fr]">
        <Card className="lg:col-span-2">
          <CardHeader title="Timeline" actions={query.isFetching ? <Spinner /> : <LiveIndicator updatedAt={query.dataUpdatedAt} />} />
          <CheckpointTimeline checkpoints={tracking.checkpoints} following={tracking.active ? (tracking.not_trackable ? "nobody" : "polled") : "ended"} />
        </Card>
        <div className="space-y-6 lg:col-start-3 lg:row-span-2 lg:row-start-1">
          <Card>
            <CardHeader title="Estimated delivery" />
            <DeliveryEstimate tracking={tracking} />
          </Card>
          <Card>
            <CardHeader title="Shipment" />
            <ShipmentDetails tracking={tracking} />
          </Card>
          <Card>
            <CardHeader title="Notification contacts" />
            <ContactsEditor tracking={tracking} />
          </Card>
        </div>
        <Card className="lg:col-span-2">
          <CardHeader title="Webhook deliveries" description="What Waybill sent your endpoints about this shipment." />
          <WebhookDeliveryLog trackingId={tracking.id} />
        </Card>
      </div>
    </>
  );
}
