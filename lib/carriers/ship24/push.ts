import { timingSafeEqual } from "node:crypto";
import { z } from "zod";
import type { ProviderPush } from "@/lib/carriers/types";
import { parseShip24Tracking } from "./parse";

const pushBody = z.object({
  trackings: z.array(z.object({ tracker: z.object({ trackingNumber: z.string().min(1), courierCode: z.array(z.string()).nullish() }) }).passthrough()).min(1),
});

/** Ship24's webhook: `Authorization: Bearer <webhook secret>`, trackings with their new events. */
export const ship24Push: ProviderPush = {
  verify(_rawBody, headers, secret) {
    const given = Buffer.from(headers.get("authorization")?.trim() ?? "");
    const expected = Buffer.from(`Bearer ${secret}`);
    return given.length === expected.length && timingSafeEqual(given, expected);
  },
  parse(rawBody) {
    const body = pushBody.parse(JSON.parse(rawBody));
    return body.trackings.map((tracking) => {
      const courierCode = tracking.tracker.courierCode?.[0] ?? null;
      return { trackingNumber: tracking.tracker.trackingNumber, carrierCode: courierCode, result: parseShip24Tracking(tracking, courierCode) };
    });
  },
};
