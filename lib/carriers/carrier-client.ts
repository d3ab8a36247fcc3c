import { carrierRequest, type CarrierResponse, type HttpOptions, retryAfterSeconds } from "@/lib/carriers/http-client";
import { type RateLimit, RequestThrottle } from "@/lib/carriers/request-throttle";

export interface CarrierClientOptions extends HttpOptions {
  /** Scheme and host (and a path prefix where the carrier has one); tests point it at a fake. */
  baseUrl?: string;
  /** Client-side quota per credential (`<CARRIER>_RATE_LIMIT`). */
  rateLimit?: RateLimit | null;
  /** Clock for token expiry; injected in tests. */
  clock?: () => number;
  /** Waits before a retry; injected in tests so none sleeps for real. */
  sleep?: (ms: number) => Promise<void>;
}

/** A 429 or 5xx is retried once within the call when the carrier asks for at most this long a wait. */
export const MAX_RETRY_AFTER_SECONDS = 5;

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * What every direct carrier's client repeats: its base URL, a quota per credential, and one
 * retry of a throttled or failing answer when `Retry-After` says the wait is short. Longer waits
 * come back to the caller as the answer, which the poll engine turns into a later attempt.
 */
export class CarrierClient {
  readonly baseUrl: string;
  private readonly throttle: RequestThrottle;

  constructor(
    readonly carrier: string,
    defaultBaseUrl: string,
    protected readonly options: CarrierClientOptions = {},
  ) {
    this.baseUrl = (options.baseUrl ?? defaultBaseUrl).replace(/\/+$/, "");
    this.throttle = new RequestThrottle(carrier, options.rateLimit);
  }

  /** One request counted against `quotaKey`'s quota (a credential or its hash). */
  async send(url: string, init: RequestInit, quotaKey: string): Promise<CarrierResponse> {
    await this.throttle.acquire(quotaKey);
    const first = await carrierRequest(this.carrier, url, init, this.options);
    if (first.status !== 429 && first.status < 500) return first;
    const wait = retryAfterSeconds(first.headers, this.options.clock?.());
    if (wait === undefined || wait > MAX_RETRY_AFTER_SECONDS) return first;
    await (this.options.sleep ?? realSleep)(wait * 1000);
    await this.throttle.acquire(quotaKey);
    return carrierRequest(this.carrier, url, init, this.options);
  }
}
