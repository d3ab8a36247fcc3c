import { z } from "zod";

/** An AfterShip account (or another service speaking its API, such as a second Waybill). */
export interface AfterShipAccess {
  baseUrl: string;
  apiKey: string;
}

/** Trackings per page: the API's most. */
export const PAGE_SIZE = 200;
/** Tries of one page through rate limits and outages. */
const TRIES = 8;

export class AfterShipError extends Error {
  constructor(
    readonly kind: "auth" | "unavailable" | "refused",
    message: string,
  ) {
    super(message);
    this.name = "AfterShipError";
  }
}

const page = z.object({
  data: z.object({
    pagination: z.object({ next_cursor: z.string().nullish(), has_next_page: z.boolean().nullish() }).nullish(),
    trackings: z.array(z.record(z.string(), z.unknown())),
  }),
});

export interface AfterShipPage {
  trackings: Array<Record<string, unknown>>;
  nextCursor: string | null;
}

const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** How long a 429 says to wait: `Retry-After` seconds, else until `X-RateLimit-Reset` (epoch seconds), else a second. */
export function rateLimitWaitMs(headers: Headers, now: number): number {
  const retryAfter = Number(headers.get("retry-after"));
  if (retryAfter > 0) return retryAfter * 1000;
  const reset = Number(headers.get("x-ratelimit-reset"));
  if (reset > 0) return Math.max(0, reset * 1000 - now) + 50;
  return 1000;
}

/**
 * One page of the account's trackings (API 2025-04, cursor paging, newest created first), with
 * their checkpoints. Within the account's rate limit: a 429 waits as long as it says, a 5xx a moment.
 */
export async function fetchAfterShipPage(
  access: AfterShipAccess,
  request: { cursor: string | null; since: string },
  options: { sleep?: (ms: number) => Promise<void> } = {},
): Promise<AfterShipPage> {
  const url = new URL(`${access.baseUrl.replace(/\/$/, "")}/tracking/2025-04/trackings`);
  url.searchParams.set("limit", String(PAGE_SIZE));
  url.searchParams.set("created_at_min", request.since);
  if (request.cursor) url.searchParams.set("cursor", request.cursor);
  for (let attempt = 1; ; attempt += 1) {
    let response: Response;
    try {
      response = await fetch(url, { headers: { "as-api-key": access.apiKey, accept: "application/json" }, signal: AbortSignal.timeout(30_000) });
    } catch (error) {
      if (attempt >= TRIES) throw new AfterShipError("unavailable", `AfterShip did not answer (${error instanceof Error ? error.message : String(error)}).`);
      await (options.sleep ?? sleepFor)(1000 * attempt);
      continue;
    }
    if (response.status === 401 || response.status === 403)
      throw new AfterShipError("auth", "AfterShip refused the API key: check it in AfterShip → Settings → API keys.");
    if (response.status === 429 || response.status >= 500) {
      if (attempt >= TRIES) throw new AfterShipError("unavailable", `AfterShip answered ${response.status}.`);
      await (options.sleep ?? sleepFor)(response.status === 429 ? rateLimitWaitMs(response.headers, Date.now()) : 1000 * attempt);
      continue;
    }
    if (!response.ok) throw new AfterShipError("refused", `AfterShip answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
    const parsed = page.safeParse(await response.json());
    if (!parsed.success) throw new AfterShipError("refused", "AfterShip's answer is not a page of trackings.");
    const { pagination, trackings } = parsed.data.data;
    return { trackings, nextCursor: pagination?.has_next_page && pagination.next_cursor ? pagination.next_cursor : null };
  }
}
