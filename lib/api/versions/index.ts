import type { ApiVersion } from "../types";
import { codec202407, couriers202407 } from "./2024-07";
import { codec202504, couriers202504 } from "./2025-04";
import type { TrackingCodec } from "./codec";
import type { CourierCodec } from "./courier-codec";
import { v4Codec, v4Couriers } from "./v4";

export const trackingCodecs: Record<ApiVersion, TrackingCodec> = {
  v4: v4Codec,
  "2024-07": codec202407,
  "2025-04": codec202504,
};

export const courierCodecs: Record<ApiVersion, CourierCodec> = {
  v4: v4Couriers,
  "2024-07": couriers202407,
  "2025-04": couriers202504,
};
