import { credential } from "@/lib/carriers/connection-credentials";
import { type HttpOptions, mapWithConcurrency } from "@/lib/carriers/http-client";
import type { RateLimit } from "@/lib/carriers/request-throttle";
import { CarrierError, type CarrierAdapter, type TrackRequest, type TrackResult } from "@/lib/carriers/types";
import { providerCarrierCode } from "@/lib/couriers/providers/provider-codes";
import { Ship24Client } from "./client";
import { parseShip24Tracking } from "./parse";
import { ship24Carrier } from "@/lib/carriers/ship24/descriptor";

export interface Ship24AdapterOptions extends HttpOptions {
  baseUrl?: string;
  /** The server-wide key (SHIP24_API_KEY), for organisations without their own. */
  apiKey?: string;
  rateLimit?: RateLimit | null;
  /** Calls in flight at once for one `track` call. */
  concurrency?: number;
}

interface TrackingsData {
  trackings?: unknown[];
}

/** The tracker a number's call creates or finds: Ship24 detects the courier itself when it has no code for it. */
function trackerBody(request: TrackRequest) {
  const code = providerCarrierCode("ship24", request.slug);
  const fields = request.additionalFields;
  return {
    trackingNumber: request.trackingNumber,
    ...(code ? { courierCode: [code] } : {}),
    ...(fields.tracking_postal_code ? { destinationPostCode: fields.tracking_postal_code } : {}),
    ...(fields.tracking_destination_country ? { destinationCountryCode: fields.tracking_destination_country } : {}),
    ...(fields.tracking_ship_date ? { shippingDate: fields.tracking_ship_date } : {}),
  };
}

/**
 * Ship24 for the long tail: stateless, one `POST /trackers/track` per number (Ship24 creates the
 * tracker once, idempotently, and answers its results), several in flight.
 */
export function createShip24Adapter(options: Ship24AdapterOptions = {}): CarrierAdapter {
  const client = new Ship24Client(options);
  const keyOf = (request: TrackRequest) => {
    const key = credential(request, "apiKey", options.apiKey);
    if (!key) throw new CarrierError("auth", "Ship24 key is not configured");
    return key;
  };
  const trackerIdOf = async (request: TrackRequest): Promise<string | null> => {
    const data = (await client.call(keyOf(request), "GET", `/trackers/search/${encodeURIComponent(request.trackingNumber)}/results`)) as TrackingsData | null;
    const first = data?.trackings?.[0] as { tracker?: { trackerId?: string } } | undefined;
    return first?.tracker?.trackerId ?? null;
  };
  const subscribe = async (requests: TrackRequest[], isSubscribed: boolean) => {
    for (const request of requests) {
      const trackerId = await trackerIdOf(request);
      if (trackerId) await client.call(keyOf(request), "PATCH", `/trackers/${encodeURIComponent(trackerId)}`, { isSubscribed });
      else if (isSubscribed) await client.call(keyOf(request), "POST", "/trackers/track", trackerBody(request));
    }
  };
  async function trackOne(request: TrackRequest): Promise<[string, TrackResult]> {
    const data = (await client.call(keyOf(request), "POST", "/trackers/track", trackerBody(request))) as TrackingsData | null;
    const tracking = data?.trackings?.[0];
    if (!tracking) return [request.id, { kind: "not_found", message: "Registered with Ship24: waiting for its first result." }];
    return [request.id, parseShip24Tracking(tracking, providerCarrierCode("ship24", request.slug) ?? null)];
  }
  return {
    slugs: ship24Carrier.slugs,
    batchSize: ship24Carrier.batchSize,
    async track(requests) {
      return new Map(await mapWithConcurrency(requests, options.concurrency ?? 4, trackOne));
    },
    provider: {
      stop: (requests) => subscribe(requests, false),
      restart: (requests) => subscribe(requests, true),
      async changeCarrier(request) {
        // A tracker keeps its courier: the number under the new courier is a tracker of its own.
        await client.call(keyOf(request), "POST", "/trackers/track", trackerBody(request));
      },
      async quota(credentials) {
        const key = credentials.apiKey ?? credentials.api_key;
        if (!key) throw new CarrierError("auth", "Ship24 key is missing");
        // Ship24 publishes no quota endpoint: a call that needs the key proves it, the figures stay unknown.
        await client.call(key, "GET", "/couriers");
        return { total: null, used: null, remaining: null, dailyLimit: null, todayUsed: null };
      },
    },
  };
}
