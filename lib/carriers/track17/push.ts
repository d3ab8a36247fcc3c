import { createHash, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import type { ProviderPush, ProviderPushUpdate } from "@/lib/carriers/types";
import { parseTrack17Info } from "./parse";

const pushBody = z.object({
  event: z.enum(["TRACKING_UPDATED", "TRACKING_STOPPED"]),
  data: z.object({ number: z.string().min(1), carrier: z.union([z.number(), z.string()]).nullish(), track_info: z.unknown().optional() }),
});

/** 17TRACK's `sign` header: hex SHA-256 of the raw body, "/" and the API key (not an HMAC). */
export function track17Signature(rawBody: string, apiKey: string): string {
  return createHash("sha256").update(`${rawBody}/${apiKey}`, "utf8").digest("hex");
}

/** 17TRACK's webhook: a signed TRACKING_UPDATED (parsed as a poll's answer) or TRACKING_STOPPED. */
export const track17Push: ProviderPush = {
  verify(rawBody, headers, apiKey) {
    const sign = headers.get("sign")?.trim().toLowerCase() ?? "";
    const expected = track17Signature(rawBody, apiKey);
    return sign.length === expected.length && timingSafeEqual(Buffer.from(sign), Buffer.from(expected));
  },
  parse(rawBody) {
    const body = pushBody.parse(JSON.parse(rawBody));
    const carrierCode = body.data.carrier == null ? null : String(body.data.carrier);
    const update: ProviderPushUpdate = {
      trackingNumber: body.data.number,
      carrierCode,
      result: body.event === "TRACKING_STOPPED" ? { kind: "stopped" } : parseTrack17Info(body.data.track_info, carrierCode),
    };
    return [update];
  },
};
