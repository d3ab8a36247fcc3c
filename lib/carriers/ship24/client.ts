import { createHash } from "node:crypto";
import { carrierRequest, errorForStatus, type HttpOptions, retryAfterSeconds } from "@/lib/carriers/http-client";
import { type RateLimit, RequestThrottle } from "@/lib/carriers/request-throttle";
import { CarrierError } from "@/lib/carriers/types";

export const SHIP24_DEFAULT_BASE_URL = "https://api.ship24.com/public/v1";

const HOUR_SECONDS = 3600;

/** Ship24's answer: `data`, or `errors` [{code, message}]. */
interface Envelope {
  data?: unknown;
  errors?: Array<{ code?: string; message?: string }>;
}

/** Ship24's public API, `Authorization: Bearer <key>`; documented limits of 10 requests a second on most endpoints. */
export class Ship24Client {
  private readonly baseUrl: string;
  private readonly throttle: RequestThrottle;

  constructor(private readonly options: HttpOptions & { baseUrl?: string; rateLimit?: RateLimit | null } = {}) {
    this.baseUrl = (options.baseUrl ?? SHIP24_DEFAULT_BASE_URL).replace(/\/+$/, "");
    this.throttle = new RequestThrottle("Ship24", options.rateLimit);
  }

  /** `data` of a call; null for 404 `tracker_not_found`. Quota and subscription refusals are postponements. */
  async call(apiKey: string, method: string, path: string, body?: unknown): Promise<unknown> {
    await this.throttle.acquire(createHash("sha256").update(apiKey).digest("hex"));
    const response = await carrierRequest(
      "Ship24",
      `${this.baseUrl}${path}`,
      {
        method,
        headers: { authorization: `Bearer ${apiKey}`, accept: "application/json", ...(body === undefined ? {} : { "content-type": "application/json" }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      },
      this.options,
    );
    const envelope = (response.body ?? {}) as Envelope;
    const code = envelope.errors?.[0]?.code;
    const message = envelope.errors?.[0]?.message;
    if (response.status >= 200 && response.status < 300) return envelope.data ?? null;
    if (response.status === 404 && code === "tracker_not_found") return null;
    if (code === "quota_limit_reached")
      throw new CarrierError("rate_limited", "Ship24 quota reached: add trackers to the Ship24 plan or use another key", 6 * HOUR_SECONDS);
    if (code === "no_active_subscription") throw new CarrierError("rate_limited", "Ship24 has no active subscription for this key", 6 * HOUR_SECONDS);
    if (response.status === 429) throw new CarrierError("rate_limited", "Ship24 rate limit reached", retryAfterSeconds(response.headers) ?? 1);
    throw errorForStatus("Ship24", response, code ? `${code}${message ? `: ${message}` : ""}` : undefined);
  }
}
