import { z } from "zod";
import type { WebhookApiVersion, WebhookSignatureHeader } from "@/db/schema";
import { API_VERSIONS } from "@/lib/api-versions";

export const WEBHOOK_SIGNATURE_HEADERS = ["waybill-hmac-sha256", "aftership-hmac-sha256"] as const satisfies readonly WebhookSignatureHeader[];

/** What a person sets on an endpoint; the URL is checked further by assertWebhookUrl. */
export const webhookEndpointInput = z.object({
  url: z.string().trim().min(1, "Enter the URL webhooks are sent to."),
  apiVersion: z.enum(API_VERSIONS satisfies readonly WebhookApiVersion[]),
  enabled: z.boolean().optional(),
  signatureHeader: z.enum(WEBHOOK_SIGNATURE_HEADERS).optional(),
  /** Also send `tracking_attention` events (a shipment newly needs attention). */
  attentionEvents: z.boolean().optional(),
});

export const webhookEndpointPatch = webhookEndpointInput.partial();

export type WebhookEndpointInput = z.output<typeof webhookEndpointInput>;
export type WebhookEndpointPatch = z.output<typeof webhookEndpointPatch>;
