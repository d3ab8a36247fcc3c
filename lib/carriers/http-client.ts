import { CarrierError } from "@/lib/carriers/types";

export type FetchFunction = typeof fetch;

/** Options every carrier client takes. */
export interface HttpOptions {
  /** Whole-request deadline; a carrier slower than this counts as unavailable. */
  timeoutMs?: number;
  /** Injected in tests; the global `fetch` otherwise. */
  fetch?: FetchFunction;
}

export const DEFAULT_TIMEOUT_MS = 15_000;

export interface CarrierResponse {
  status: number;
  headers: Headers;
  /** Parsed JSON, or the raw text when the body is not JSON, or null when empty. */
  body: unknown;
}

/**
 * One HTTP exchange with a carrier. Network failures and timeouts become
 * `CarrierError("unavailable")`; every HTTP status is returned for the caller to judge.
 */
export async function carrierRequest(carrier: string, url: string, init: RequestInit, options: HttpOptions): Promise<CarrierResponse> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  try {
    const response = await (options.fetch ?? fetch)(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: parseBody(text) };
  } catch (error) {
    if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError")) {
      throw new CarrierError("unavailable", `${carrier} did not answer within ${timeoutMs} ms`);
    }
    // undici reports "fetch failed" and puts the socket error (ECONNREFUSED…) in `cause`.
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    const reason = cause instanceof Error ? cause.message : String(cause);
    throw new CarrierError("unavailable", `${carrier} could not be reached: ${reason}`);
  }
}

function parseBody(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Seconds to wait from a Retry-After header (delta seconds or an HTTP date); undefined when absent. */
export function retryAfterSeconds(headers: Headers, nowMs = Date.now()): number | undefined {
  const value = headers.get("retry-after")?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - nowMs) / 1000));
}

/**
 * The error for a status every carrier means the same way (401/403 auth, 429 rate limited,
 * 5xx unavailable, other 4xx bad request); callers handle their carrier's special cases first.
 */
export function errorForStatus(carrier: string, response: CarrierResponse, detail?: string): CarrierError {
  const suffix = detail ? `: ${detail}` : "";
  const { status } = response;
  if (status === 401 || status === 403) {
    return new CarrierError("auth", `${carrier} rejected the credentials (${status})${suffix}`);
  }
  if (status === 429) {
    return new CarrierError("rate_limited", `${carrier} rate limit reached${suffix}`, retryAfterSeconds(response.headers));
  }
  if (status >= 500) {
    return new CarrierError("unavailable", `${carrier} failed with ${status}${suffix}`, retryAfterSeconds(response.headers));
  }
  return new CarrierError("bad_request", `${carrier} refused the request (${status})${suffix}`);
}

/** Runs `task` over `items` with at most `limit` in flight; the first failure stops new starts. */
export async function mapWithConcurrency<T, R>(items: readonly T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  let failed = false;
  async function worker() {
    while (!failed && next < items.length) {
      const index = next++;
      try {
        results[index] = await task(items[index] as T);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(Math.max(1, limit), items.length) }, worker));
  return results;
}
