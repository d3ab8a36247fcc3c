"use client";

import { Card, CardHeader } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { WebhookDeliveryLog } from "./webhook-delivery-log";
import { WebhookEndpoints } from "./webhook-endpoints";
import { WebhookSecret } from "./webhook-secret";

export function WebhooksPanel() {
  return (
    <>
      <PageHeader
        title="Webhooks"
        description="Waybill posts a signed event to your URLs whenever a shipment changes, and keeps retrying for about three days when a URL does not answer."
      />
      <div className="space-y-6">
        <WebhookEndpoints />
        <WebhookSecret />
        <Card>
          <CardHeader title="Delivery log" description="Every delivery with each attempt and the answer it got. Open one to redeliver it." />
          <WebhookDeliveryLog />
        </Card>
      </div>
    </>
  );
}
