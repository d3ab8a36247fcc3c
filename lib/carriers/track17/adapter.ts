import { credential } from "@/lib/carriers/connection-credentials";
import type { HttpOptions } from "@/lib/carriers/http-client";
import type { RateLimit } from "@/lib/carriers/request-throttle";
import { CarrierError, type CarrierAdapter, type ProviderQuota, type TrackRequest, type TrackResult } from "@/lib/carriers/types";
import { providerCarrierCode } from "@/lib/couriers/providers/provider-codes";
import { type Track17Answer, Track17Client, TRACK17_CODES, track17CallError } from "./client";
import { parseTrack17Info } from "./parse";
import { track17Carrier } from "@/lib/carriers/track17/descriptor";

export interface Track17AdapterOptions extends HttpOptions {
  baseUrl?: string;
  /** The server-wide key (TRACK17_API_KEY), for organisations without their own. */
  apiKey?: string;
  rateLimit?: RateLimit | null;
}

interface TrackedItem {
  number: string;
  carrier?: number;
  track_info?: unknown;
}

const WAITING = "Registered with 17TRACK: waiting for its first result.";

const chunks = <T>(items: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, index) => items.slice(index * size, (index + 1) * size));

/** 17TRACK's carrier key for a tracking's courier (numbers 17TRACK takes as such). */
function carrierOf(request: TrackRequest): number | undefined {
  const code = providerCarrierCode("track17", request.slug);
  return code ? Number(code) : undefined;
}

/** The tracking's additional fields as 17TRACK takes them at registration (`param` carries the postal code or key some carriers need). */
function registration(request: TrackRequest) {
  const fields = request.additionalFields;
  const param = fields.tracking_postal_code ?? fields.tracking_key ?? fields.tracking_account_number ?? undefined;
  return { number: request.trackingNumber, carrier: carrierOf(request), ...(param ? { param } : {}) };
}

/** Why a number is not followed yet, in words for the merchant. */
function notFoundFor(code: number, message: string | undefined): TrackResult {
  if (code === TRACK17_CODES.carrierNotDetectable)
    return { kind: "not_found", message: "17TRACK cannot tell the courier of this number: set the courier on the tracking." };
  if (code === TRACK17_CODES.noTrackingInfo || code === TRACK17_CODES.alreadyRegistered) return { kind: "not_found", message: WAITING };
  return { kind: "not_found", message: `17TRACK refused the number (${code}): ${message ?? "no reason given"}` };
}

/**
 * 17TRACK for the long tail of couriers: stateless, 40 numbers a call. A number 17TRACK does not
 * know yet is registered (one quota unit) and answers "waiting" until 17TRACK has its first result.
 */
export function createTrack17Adapter(options: Track17AdapterOptions = {}): CarrierAdapter {
  const client = new Track17Client(options);
  const keyOf = (request: TrackRequest) => {
    const key = credential(request, "apiKey", options.apiKey);
    if (!key) throw new CarrierError("auth", "17TRACK key is not configured");
    return key;
  };
  const byKey = (requests: readonly TrackRequest[]) => {
    const groups = new Map<string, TrackRequest[]>();
    for (const request of requests) groups.set(keyOf(request), [...(groups.get(keyOf(request)) ?? []), request]);
    return groups;
  };
  const each = async (requests: TrackRequest[], endpoint: "stoptrack" | "retrack", now: Date): Promise<Track17Answer<TrackedItem>[]> => {
    const answers: Track17Answer<TrackedItem>[] = [];
    for (const [key, group] of byKey(requests)) {
      for (const chunk of chunks(group, track17Carrier.batchSize)) {
        answers.push(
          await client.call<TrackedItem>(
            key,
            endpoint,
            chunk.map((request) => ({ number: request.trackingNumber, carrier: carrierOf(request) })),
            now,
          ),
        );
      }
    }
    return answers;
  };

  async function trackChunk(key: string, chunk: TrackRequest[], now: Date, results: Map<string, TrackResult>) {
    const byNumber = new Map(chunk.map((request) => [request.trackingNumber, request]));
    const answer = await client.call<TrackedItem>(
      key,
      "gettrackinfo",
      chunk.map((request) => ({ number: request.trackingNumber, carrier: carrierOf(request) })),
      now,
    );
    for (const item of answer.accepted) {
      const request = byNumber.get(item.number);
      if (!request) continue;
      const code = carrierOf(request);
      results.set(
        request.id,
        item.track_info ? parseTrack17Info(item.track_info, code === undefined ? null : String(code)) : { kind: "not_found", message: WAITING },
      );
    }
    const unregistered: TrackRequest[] = [];
    for (const { number, error } of answer.rejected) {
      const request = byNumber.get(number);
      if (!request) continue;
      const refusal = track17CallError(error.code, error.message, now);
      if (refusal) throw refusal;
      if (error.code === TRACK17_CODES.notRegistered) unregistered.push(request);
      else results.set(request.id, notFoundFor(error.code, error.message));
    }
    if (!unregistered.length) return;
    const registered = await client.call<TrackedItem>(key, "register", unregistered.map(registration), now);
    for (const item of registered.accepted) {
      const request = unregistered.find((candidate) => candidate.trackingNumber === item.number);
      if (request) results.set(request.id, { kind: "not_found", message: WAITING });
    }
    for (const { number, error } of registered.rejected) {
      const request = unregistered.find((candidate) => candidate.trackingNumber === number);
      if (!request) continue;
      const refusal = track17CallError(error.code, error.message, now);
      if (refusal) throw refusal;
      results.set(request.id, notFoundFor(error.code, error.message));
    }
  }

  return {
    slugs: track17Carrier.slugs,
    batchSize: track17Carrier.batchSize,
    async track(requests, now) {
      const results = new Map<string, TrackResult>();
      for (const [key, group] of byKey(requests)) {
        for (const chunk of chunks(group, track17Carrier.batchSize)) await trackChunk(key, chunk, now, results);
      }
      return results;
    },
    provider: {
      async stop(requests) {
        await each(requests, "stoptrack", new Date());
      },
      async restart(requests) {
        const now = new Date();
        const answers = await each(requests, "retrack", now);
        // 17TRACK restarts a number once; one it cannot restart (or forgot) is registered anew.
        const again = new Set(answers.flatMap((answer) => answer.rejected.map((rejection) => rejection.number)));
        const lost = requests.filter((request) => again.has(request.trackingNumber));
        for (const [key, group] of byKey(lost))
          for (const chunk of chunks(group, track17Carrier.batchSize)) await client.call(key, "register", chunk.map(registration), now);
      },
      async changeCarrier(request, previousSlug) {
        const previous = providerCarrierCode("track17", previousSlug);
        await client.call(
          keyOf(request),
          "changecarrier",
          [{ number: request.trackingNumber, carrier_old: previous ? Number(previous) : undefined, carrier_new: carrierOf(request) }],
          new Date(),
        );
      },
      async quota(credentials) {
        const key = credentials.apiKey ?? credentials.api_key;
        if (!key) throw new CarrierError("auth", "17TRACK key is missing");
        return quotaOf(await client.data(key, "getquota", [], new Date()));
      },
    },
  };
}

/** getquota answers `data` with the figures themselves (not accepted/rejected lists). */
function quotaOf(data: Record<string, unknown>): ProviderQuota {
  const figure = (name: string) => (typeof data[name] === "number" ? (data[name] as number) : null);
  return {
    total: figure("quota_total"),
    used: figure("quota_used"),
    remaining: figure("quota_remain"),
    dailyLimit: figure("max_track_daily"),
    todayUsed: figure("today_used"),
  };
}
