import type { RenderTracking } from "@/lib/webhooks/render-tracking";
import type { ApiVersion } from "../types";
import { codec202407, couriers202407 } from "./2024-07";
import { codec202504, couriers202504 } from "./2025-04";
import { codec202507, couriers202507 } from "./2025-07";
import { codec202601, couriers202601 } from "./2026-01";
import { codec202607, couriers202607 } from "./2026-07";
import type { TrackingCodec } from "./codec";
import type { CourierCodec } from "./courier-codec";
import { v4Codec, v4Couriers } from "./v4";

export const trackingCodecs: Record<ApiVersion, TrackingCodec> = {
  v4: v4Codec,
  "2024-07": codec202407,
  "2025-04": codec202504,
  "2025-07": codec202507,
  "2026-01": codec202601,
  "2026-07": codec202607,
};

export const courierCodecs: Record<ApiVersion, CourierCodec> = {
  v4: v4Couriers,
  "2024-07": couriers202407,
  "2025-04": couriers202504,
  "2025-07": couriers202507,
  "2026-01": couriers202601,
  "2026-07": couriers202607,
};

/** Webhook `msg` bodies in an endpoint's version, for the webhook verbs. */
export const renderWebhookTracking: RenderTracking = (version, record) => trackingCodecs[version].tracking(record);
