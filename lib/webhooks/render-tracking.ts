import type { WebhookApiVersion } from "@/db/schema";
import type { TrackingRecord } from "@/lib/trackings/tracking-record";

/**
 * Turns a tracking into a webhook's `msg` in the endpoint's version. The API layer's codecs supply
 * it (`lib/api/versions#renderWebhookTracking`): the domain chooses what to announce, not its shape.
 */
export type RenderTracking = (version: WebhookApiVersion, record: TrackingRecord) => Record<string, unknown>;
