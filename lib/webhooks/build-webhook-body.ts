import type { WebhookEventKind } from "@/db/schema";

export interface WebhookPayload {
  /** UUID v4, the same for every endpoint and every redelivery of one event. */
  event_id: string;
  event: WebhookEventKind;
  is_tracking_first_tag: boolean;
  /** The tracking in the endpoint's API version shape, unwrapped. */
  msg: Record<string, unknown>;
  /** Unix seconds. */
  ts: number;
  /** `tracking_attention` only: the reasons the tracking newly needs attention, with their since-dates. */
  attention?: Array<{ reason: string; since: string }>;
}

/**
 * The exact bytes sent and signed: compact JSON.stringify output in the spec's field order, so
 * a receiver that re-serialises the parsed body (the n8n trigger) signs the same bytes we did.
 */
export function buildWebhookBody(payload: WebhookPayload): string {
  const { event_id, event, is_tracking_first_tag, msg, ts, attention } = payload;
  return JSON.stringify(attention ? { event_id, event, is_tracking_first_tag, msg, attention, ts } : { event_id, event, is_tracking_first_tag, msg, ts });
}
