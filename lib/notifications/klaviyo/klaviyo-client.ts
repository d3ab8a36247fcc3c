import { env } from "@/lib/env";

/** The API revision the requests are written for (Klaviyo requires one on every call). */
export const KLAVIYO_REVISION = "2025-01-15";
const TIMEOUT_MS = 10_000;

/** A Klaviyo answer as the sender acts on it. */
export type KlaviyoOutcome =
  | { kind: "ok" }
  | { kind: "rate_limited"; retryAfterSeconds: number }
  /** 401 or 403: the key was revoked, or lacks a scope. */
  | { kind: "key_refused"; message: string }
  | { kind: "failed"; message: string };

function headers(key: string): Record<string, string> {
  return {
    authorization: `Klaviyo-API-Key ${key}`,
    revision: KLAVIYO_REVISION,
    accept: "application/vnd.api+json",
    "content-type": "application/vnd.api+json",
  };
}

/** Klaviyo's JSON:API error's `detail` (or `title`), else the status. */
async function errorOf(response: Response): Promise<string> {
  const body = (await response.json().catch(() => null)) as { errors?: Array<{ detail?: string; title?: string }> } | null;
  const first = body?.errors?.[0];
  return `Klaviyo answered ${response.status}${first ? `: ${first.detail ?? first.title}` : ""}`.slice(0, 300);
}

async function call(key: string, path: string, init: RequestInit): Promise<KlaviyoOutcome> {
  let response: Response;
  try {
    response = await fetch(new URL(path, env().KLAVIYO_API_BASE_URL), { ...init, headers: headers(key), signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (error) {
    return { kind: "failed", message: `Klaviyo could not be reached: ${error instanceof Error ? error.message : String(error)}` };
  }
  if (response.ok) {
    await response.body?.cancel();
    return { kind: "ok" };
  }
  if (response.status === 429) {
    // Klaviyo sends Retry-After (whole seconds) with its 429s; without one, a second is its burst window.
    const seconds = Number(response.headers.get("retry-after"));
    await response.body?.cancel();
    return { kind: "rate_limited", retryAfterSeconds: Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : 1 };
  }
  const message = await errorOf(response);
  return response.status === 401 || response.status === 403 ? { kind: "key_refused", message } : { kind: "failed", message };
}

/** Tests a private key on save: Get Accounts answers 200 for a key that is valid (scope `accounts:read`). */
export function checkKlaviyoKey(key: string): Promise<KlaviyoOutcome> {
  return call(key, "/api/accounts/", { method: "GET" });
}

export interface KlaviyoEvent {
  metric: string;
  /** The event's unique id: Klaviyo keeps one event per id, so a repeated send is not a second event. */
  uniqueId: string;
  time: string;
  profile: { email: string; phone_number?: string };
  properties: Record<string, unknown>;
}

/** Create Event (POST /api/events, scope `events:write`): 202 when accepted. */
export function sendKlaviyoEvent(key: string, event: KlaviyoEvent): Promise<KlaviyoOutcome> {
  const body = {
    data: {
      type: "event",
      attributes: {
        properties: event.properties,
        time: event.time,
        unique_id: event.uniqueId,
        metric: { data: { type: "metric", attributes: { name: event.metric } } },
        profile: { data: { type: "profile", attributes: event.profile } },
      },
    },
  };
  return call(key, "/api/events", { method: "POST", body: JSON.stringify(body) });
}
