import { connectionCredential, requiredCredential } from "@/lib/carriers/connection-credentials";
import { type CarrierClientOptions } from "@/lib/carriers/carrier-client";
import { mapWithConcurrency } from "@/lib/carriers/http-client";
import { type CarrierAdapter, type TrackRequest, type TrackResult } from "@/lib/carriers/types";
import { LaposteClient } from "./client";
import { parseLaposteShipment, type LaposteItem } from "./parse";
import { laposteCarrier } from "@/lib/carriers/laposte/descriptor";

export interface LaposteAdapterOptions extends CarrierClientOptions {
  /** Server-wide Okapi key, used when a tracking has no courier connection. */
  apiKey?: string;
}

function resultOf(item: LaposteItem | undefined): TrackResult {
  if (!item) return { kind: "not_found", message: "La Poste did not answer for this number" };
  if ((item.returnCode === 200 || item.returnCode === 207) && item.shipment) return parseLaposteShipment(item);
  // 104 not yet available, 105 unknown, 400 invalid, 404: nothing to show for this number yet.
  return { kind: "not_found", message: item.returnMessage ?? `La Poste answered ${item.returnCode}` };
}

export function createLaposteAdapter(options: LaposteAdapterOptions = {}): CarrierAdapter {
  const client = new LaposteClient(options);
  return {
    slugs: laposteCarrier.slugs,
    batchSize: laposteCarrier.batchSize,
    hasServerCredentials: Boolean(options.apiKey),
    // No token to ask for: one lookup answers 401 for a key La Poste does not know.
    async testCredentials(credentials) {
      await client.track(["6A00000000000"], connectionCredential("La Poste", credentials, "apiKey"));
    },
    async track(requests) {
      // One call per key and ten numbers: a poll batch (up to 20) may mix trackings of several connections.
      const calls: Array<{ key: string; group: TrackRequest[] }> = [];
      const byKey = new Map<string, TrackRequest[]>();
      for (const request of requests) {
        const key = requiredCredential("La Poste", request, "apiKey", options.apiKey);
        byKey.set(key, [...(byKey.get(key) ?? []), request]);
      }
      for (const [key, all] of byKey) {
        for (let start = 0; start < all.length; start += laposteCarrier.batchSize)
          calls.push({ key, group: all.slice(start, start + laposteCarrier.batchSize) });
      }
      const answered = await mapWithConcurrency(calls, 2, async ({ key, group }) => {
        const items = await client.track(
          group.map((request) => request.trackingNumber),
          key,
        );
        return group.map((request): [string, TrackResult] => [request.id, resultOf(items.get(request.trackingNumber.toUpperCase()))]);
      });
      return new Map(answered.flat());
    },
  };
}
