import type { WebhookAttempt, WebhookDelivery, WebhookEndpoint, WebhookSecret } from "@/db/schema";

/*
 * What the dashboard's internal API returns for webhooks: camelCase like the other dashboard
 * resources (API keys, members), times as ISO 8601.
 */

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export interface WebhookEndpointView {
  id: string;
  url: string;
  apiVersion: WebhookEndpoint["apiVersion"];
  enabled: boolean;
  signatureHeader: WebhookEndpoint["signatureHeader"];
  attentionEvents: boolean;
  createdAt: string;
  updatedAt: string;
}

export function webhookEndpointView(endpoint: WebhookEndpoint): WebhookEndpointView {
  const { id, url, apiVersion, enabled, signatureHeader, attentionEvents } = endpoint;
  return {
    id,
    url,
    apiVersion,
    enabled,
    signatureHeader,
    attentionEvents,
    createdAt: endpoint.createdAt.toISOString(),
    updatedAt: endpoint.updatedAt.toISOString(),
  };
}

export interface WebhookSecretView {
  secret: string;
  rotatedAt: string | null;
  /** Set while the previous secret still signs, in `<header>-previous`. */
  previous: { secret: string; expiresAt: string } | null;
}

export function webhookSecretView(row: WebhookSecret, now = new Date()): WebhookSecretView {
  const active = row.previousSecret && row.previousExpiresAt && row.previousExpiresAt > now;
  return {
    secret: row.secret,
    rotatedAt: iso(row.rotatedAt),
    previous: active ? { secret: row.previousSecret!, expiresAt: row.previousExpiresAt!.toISOString() } : null,
  };
}

export interface WebhookAttemptView {
  attempt: number;
  url: string;
  attemptedAt: string;
  succeeded: boolean;
  statusCode: number | null;
  latencyMs: number;
  responseBody: string | null;
  error: string | null;
}

export function webhookAttemptView(attempt: Omit<WebhookAttempt, "id" | "organizationId" | "deliveryId">): WebhookAttemptView {
  const { url, succeeded, statusCode, latencyMs, responseBody, error } = attempt;
  return { attempt: attempt.attempt, url, attemptedAt: attempt.attemptedAt.toISOString(), succeeded, statusCode, latencyMs, responseBody, error };
}

export interface WebhookDeliveryView {
  id: string;
  endpointId: string;
  eventId: string;
  event: WebhookDelivery["kind"];
  trigger: WebhookDelivery["trigger"];
  redeliveryOf: string | null;
  trackingId: string | null;
  apiVersion: WebhookDelivery["apiVersion"];
  status: WebhookDelivery["status"];
  attemptCount: number;
  nextAttemptAt: string | null;
  deliveredAt: string | null;
  failedAt: string | null;
  createdAt: string;
}

export function webhookDeliveryView(delivery: WebhookDelivery): WebhookDeliveryView {
  const { id, endpointId, eventId, trigger, redeliveryOf, trackingId, apiVersion, status, attemptCount } = delivery;
  return {
    id,
    endpointId,
    eventId,
    event: delivery.kind,
    trigger,
    redeliveryOf,
    trackingId,
    apiVersion,
    status,
    attemptCount,
    nextAttemptAt: iso(delivery.nextAttemptAt),
    deliveredAt: iso(delivery.deliveredAt),
    failedAt: iso(delivery.failedAt),
    createdAt: delivery.createdAt.toISOString(),
  };
}

export interface WebhookDeliveryDetailView extends WebhookDeliveryView {
  /** The exact bytes sent on every attempt. */
  body: string;
  attempts: WebhookAttemptView[];
}
