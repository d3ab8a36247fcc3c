import { env } from "@/lib/env";
import { StoreError } from "../store-order";

/** The Admin API version Waybill speaks (Shopify's stable release of October 2026). */
export const SHOPIFY_API_VERSION = "2026-10";

export interface ShopifyAccess {
  /** `<name>.myshopify.com`. */
  shop: string;
  /** The custom app's Admin API access token. */
  accessToken: string;
}

interface ThrottleStatus {
  maximumAvailable: number;
  currentlyAvailable: number;
  restoreRate: number;
}

interface GraphqlAnswer<T> {
  data?: T;
  errors?: Array<{ message: string; extensions?: { code?: string } }>;
  extensions?: { cost?: { requestedQueryCost: number; actualQueryCost: number | null; throttleStatus: ThrottleStatus } };
}

/** Tries of a throttled query before giving up (the bucket refills at `restoreRate` points a second). */
const THROTTLED_TRIES = 6;

export interface AdminApiOptions {
  /** Waits while the cost bucket refills; tests hand in their own. */
  sleep?: (ms: number) => Promise<void>;
}

const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** How long to wait for the points a throttled query asked for, from the cost Shopify reported. */
export function throttleWaitMs(answer: GraphqlAnswer<unknown>): number {
  const cost = answer.extensions?.cost;
  if (!cost) return 1_000;
  const missing = cost.requestedQueryCost - cost.throttleStatus.currentlyAvailable;
  return Math.max(0, Math.ceil((missing / Math.max(cost.throttleStatus.restoreRate, 1)) * 1000));
}

/**
 * One Admin GraphQL call. Shopify limits by calculated query cost: a `THROTTLED` answer says what
 * the query costs and how fast the bucket refills, and the call waits for that and asks again.
 */
export async function shopifyGraphql<T>(access: ShopifyAccess, query: string, variables: Record<string, unknown>, options: AdminApiOptions = {}): Promise<T> {
  const base = env().SHOPIFY_API_BASE_URL ?? `https://${access.shop}`;
  const url = `${base.replace(/\/$/, "")}/admin/api/${SHOPIFY_API_VERSION}/graphql.json`;
  for (let attempt = 1; ; attempt += 1) {
    let response: Response;
    try {
      response = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json", "x-shopify-access-token": access.accessToken },
        body: JSON.stringify({ query, variables }),
        signal: AbortSignal.timeout(15_000),
      });
    } catch (error) {
      throw new StoreError("unavailable", `Shopify did not answer (${error instanceof Error ? error.message : String(error)}).`);
    }
    if (response.status === 401 || response.status === 403)
      throw new StoreError(
        "auth",
        `Shopify refused the access token for ${access.shop} (${response.status}): check the custom app's Admin API access token and scopes.`,
      );
    if (response.status === 404) throw new StoreError("refused", `Shopify has no shop at ${access.shop}.`);
    if (response.status === 429 || response.status >= 500) {
      if (attempt >= THROTTLED_TRIES) throw new StoreError("unavailable", `Shopify answered ${response.status}.`);
      await (options.sleep ?? sleepFor)(Number(response.headers.get("retry-after") ?? 1) * 1000);
      continue;
    }
    const answer = (await response.json()) as GraphqlAnswer<T>;
    if (answer.errors?.some((error) => error.extensions?.code === "THROTTLED")) {
      if (attempt >= THROTTLED_TRIES) throw new StoreError("unavailable", "Shopify kept the call throttled.");
      await (options.sleep ?? sleepFor)(throttleWaitMs(answer));
      continue;
    }
    if (answer.errors?.length || !answer.data)
      throw new StoreError("refused", `Shopify: ${answer.errors?.map((error) => error.message).join("; ") ?? "no data"}`);
    return answer.data;
  }
}

/** The mutation's `userErrors`, as one refusal. */
export function assertNoUserErrors(payload: { userErrors: Array<{ field?: string[] | null; message: string }> } | null | undefined, action: string): void {
  if (payload?.userErrors.length)
    throw new StoreError("refused", `Shopify refused to ${action}: ${payload.userErrors.map((error) => error.message).join("; ")}`);
}
