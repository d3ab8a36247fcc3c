import { createHash } from "node:crypto";
import { carrierRequest, errorForStatus, type HttpOptions } from "@/lib/carriers/http-client";
import { type RateLimit, RequestThrottle } from "@/lib/carriers/request-throttle";
import { CarrierError } from "@/lib/carriers/types";

export const TRACK17_DEFAULT_BASE_URL = "https://api.17track.net/track/v2.4";

export type Track17Endpoint = "register" | "gettrackinfo" | "stoptrack" | "retrack" | "changecarrier" | "getquota";

export interface Track17Rejection {
  number: string;
  error: { code: number; message?: string };
}

export interface Track17Answer<T> {
  accepted: T[];
  rejected: Track17Rejection[];
}

/** Business codes 17TRACK answers with (help centre, "Error Codes and Troubleshooting"). */
export const TRACK17_CODES = {
  invalidKey: -18010002,
  tooManyNumbers: -18010014,
  alreadyRegistered: -18019901,
  notRegistered: -18019902,
  carrierNotDetectable: -18019903,
  dailyLimit: -18019907,
  quotaExhausted: -18019908,
  noTrackingInfo: -18019909,
} as const;

const HOUR_SECONDS = 3600;

/** Quota and key refusals, whether 17TRACK puts them on the whole call or on one number. */
export function track17CallError(code: number, message: string | undefined, now: Date): CarrierError | null {
  if (code === TRACK17_CODES.invalidKey) return new CarrierError("auth", `17TRACK refused the key (${code}): ${message ?? "invalid key"}`);
  if (code === TRACK17_CODES.dailyLimit) {
    const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
    return new CarrierError("rate_limited", "17TRACK daily limit reached: polls wait for the next day (UTC)", Math.ceil((midnight - now.getTime()) / 1000));
  }
  if (code === TRACK17_CODES.quotaExhausted) {
    return new CarrierError("rate_limited", "17TRACK quota exhausted: add quota to the 17TRACK account or use another key", 6 * HOUR_SECONDS);
  }
  return null;
}

/** 17TRACK's v2.4 API: POST JSON arrays of at most 40 items, the key in the `17token` header. */
export class Track17Client {
  private readonly baseUrl: string;
  private readonly throttle: RequestThrottle;

  constructor(private readonly options: HttpOptions & { baseUrl?: string; rateLimit?: RateLimit | null } = {}) {
    this.baseUrl = (options.baseUrl ?? TRACK17_DEFAULT_BASE_URL).replace(/\/+$/, "");
    this.throttle = new RequestThrottle("17TRACK", options.rateLimit);
  }

  async call<T>(apiKey: string, endpoint: Track17Endpoint, body: unknown, now: Date): Promise<Track17Answer<T>> {
    const data = (await this.data(apiKey, endpoint, body, now)) as { accepted?: T[]; rejected?: Track17Rejection[] };
    return { accepted: data.accepted ?? [], rejected: data.rejected ?? [] };
  }

  /** The envelope's `data` as it came (getquota answers its figures there). */
  async data(apiKey: string, endpoint: Track17Endpoint, body: unknown, now: Date): Promise<Record<string, unknown>> {
    // The quota is the account's: one throttle per key, keyed by its hash rather than the key itself.
    await this.throttle.acquire(createHash("sha256").update(apiKey).digest("hex"));
    const response = await carrierRequest(
      "17TRACK",
      `${this.baseUrl}/${endpoint}`,
      { method: "POST", headers: { "17token": apiKey, "content-type": "application/json", accept: "application/json" }, body: JSON.stringify(body) },
      this.options,
    );
    const answer = response.body as { code?: number; data?: { errors?: Array<{ code: number; message?: string }> } } | null;
    if (response.status !== 200) throw errorForStatus("17TRACK", response, typeof answer === "object" ? JSON.stringify(answer) : undefined);
    if (!answer || typeof answer !== "object" || typeof answer.code !== "number") throw new CarrierError("unavailable", "17TRACK sent an unreadable answer");
    if (answer.code !== 0) {
      const first = answer.data?.errors?.[0];
      const code = first?.code ?? answer.code;
      throw (
        track17CallError(code, first?.message, now) ??
        new CarrierError("bad_request", `17TRACK refused the ${endpoint} call (${code}): ${first?.message ?? "no reason given"}`)
      );
    }
    return (answer.data ?? {}) as Record<string, unknown>;
  }
}
