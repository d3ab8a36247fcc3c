import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import {
  type WebhookAttempt,
  webhookAttempts,
  type WebhookDelivery,
  webhookDeliveries,
  type WebhookEndpoint,
  webhookEndpoints,
  type WebhookDeliveryStatus,
  type WebhookSecret,
  webhookSecrets,
} from "@/db/schema";
import { newId } from "@/lib/ids";
import { getWebhookSecret } from "./get-webhook-secret";
import { openWebhookSecrets } from "./webhook-secret-cipher";
import { postWebhook } from "./post-webhook";
import { MAX_WEBHOOK_ATTEMPTS, retryDelayMs } from "./retry-schedule";
import { webhookRequestHeaders } from "./webhook-request-headers";
import { type WebhookSettings, webhookSettings } from "./webhook-settings";
import { webhookAttemptView, type WebhookAttemptView } from "./webhook-views";
import { metrics } from "@/lib/observability/metrics";

export type AttemptOutcome =
  /** The attempt was made; `pending` means another one follows on the schedule. */
  | { made: true; status: WebhookDeliveryStatus; attempt: WebhookAttemptView }
  /** Nothing was sent: the delivery ended already (never twice after a 2xx) or no longer exists. */
  | { made: false; status: WebhookDeliveryStatus | "gone" };

export interface AttemptOptions {
  lastAttempt?: boolean;
  sendWhileDisabled?: boolean;
}

/** What an attempt needs of a delivery and its endpoint. */
export interface DeliveryToAttempt {
  delivery: Pick<WebhookDelivery, "id" | "status" | "body" | "apiVersion" | "changePosition">;
  endpoint: Pick<WebhookEndpoint, "enabled" | "url" | "signatureHeader">;
}

type Logged = Omit<WebhookAttempt, "id" | "organizationId" | "deliveryId" | "attempt">;

/**
 * Makes attempt number `attempt` of one organisation's deliveries, all at once: signs each stored
 * body with the secrets valid now, POSTs it, logs the attempts and moves the deliveries on
 * (delivered on a 2xx, failed after the last attempt) in one statement. A delivery that is no
 * longer pending is left alone, so a repeated step sends nothing. Outcomes come in the ids' order.
 */
export async function attemptWebhookDeliveries(
  db: Database,
  organizationId: string,
  deliveryIds: string[],
  attempt: number,
  options: AttemptOptions = {},
): Promise<AttemptOutcome[]> {
  if (deliveryIds.length === 0) return [];
  const read = await readDeliveries(db, organizationId, deliveryIds);
  const byId = new Map<string, DeliveryToAttempt>(read.map((row) => [row.delivery.id, row]));
  const due = deliveryIds.flatMap((id) => {
    const row = byId.get(id);
    return row?.delivery.status === "pending" ? [row] : [];
  });
  const outcomes = new Map<string, AttemptOutcome>();
  if (due.length) {
    const settings = webhookSettings();
    // Read with the deliveries; an organisation's first delivery creates it.
    const secrets = await openOrCreateSecrets(db, organizationId, read[0]?.secrets ?? null);
    const lastAttempt = options.lastAttempt ?? attempt >= MAX_WEBHOOK_ATTEMPTS;
    const attempts = await Promise.all(
      due.map((row) => sendAttempt(row, secrets, { settings, lastAttempt, sendWhileDisabled: options.sendWhileDisabled === true })),
    );
    await logAttempts(db, organizationId, attempt, attempts, settings.retryUnitMs);
    countAttempts(attempts);
    for (const { deliveryId, status, logged } of attempts) {
      outcomes.set(deliveryId, { made: true, status, attempt: webhookAttemptView({ attempt, ...logged }) });
    }
  }
  return deliveryIds.map((id) => outcomes.get(id) ?? { made: false, status: byId.get(id)?.delivery.status ?? "gone" });
}

/** The organisation's secrets from the sealed row read beside the deliveries, or made now for its first delivery. */
export async function openOrCreateSecrets(db: Database, organizationId: string, sealed: WebhookSecret | null): Promise<WebhookSecret> {
  return sealed ? openWebhookSecrets(sealed) : getWebhookSecret(db, organizationId);
}

export interface SentAttempt {
  deliveryId: string;
  status: WebhookDeliveryStatus;
  logged: Logged;
}

/** One POST of a stored (or about to be stored) body, signed with the secrets valid now, and what it makes of the delivery. */
export async function sendAttempt(
  { delivery, endpoint }: { delivery: Omit<DeliveryToAttempt["delivery"], "status">; endpoint: DeliveryToAttempt["endpoint"] },
  secrets: WebhookSecret,
  { settings, lastAttempt, sendWhileDisabled = false }: { settings: WebhookSettings; lastAttempt: boolean; sendWhileDisabled?: boolean },
): Promise<SentAttempt> {
  const attemptedAt = new Date();
  const send = endpoint.enabled || sendWhileDisabled;
  const response = send
    ? await postWebhook({
        url: endpoint.url,
        body: delivery.body,
        headers: webhookRequestHeaders(delivery.body, {
          apiVersion: delivery.apiVersion,
          secrets,
          signatureHeader: endpoint.signatureHeader,
          now: attemptedAt,
          changePosition: delivery.changePosition,
        }),
        timeoutMs: settings.timeoutMs,
        allowPrivate: settings.allowPrivate,
      })
    : { ok: false, statusCode: null, latencyMs: 0, responseBody: null, error: "The webhook URL is disabled: not sent." };
  // A disabled endpoint ends the delivery at once; "redeliver" sends it again once it is enabled.
  const status: WebhookDeliveryStatus = response.ok ? "delivered" : lastAttempt || !send ? "failed" : "pending";
  const logged: Logged = {
    url: endpoint.url,
    attemptedAt,
    succeeded: response.ok,
    statusCode: response.statusCode,
    latencyMs: response.latencyMs,
    responseBody: response.responseBody,
    error: response.error,
  };
  return { deliveryId: delivery.id, status, logged };
}

/** An attempt's log row as the statements that store it read it from their JSON parameter. */
export function attemptLogColumns(logged: Logged) {
  return {
    url: logged.url,
    attempted_at: logged.attemptedAt.toISOString(),
    succeeded: logged.succeeded,
    status_code: logged.statusCode,
    latency_ms: logged.latencyMs,
    response_body: logged.responseBody,
    error: logged.error,
  };
}

/** The attempts in the metrics, once they are logged. */
export function countAttempts(attempts: SentAttempt[]): void {
  const { webhookDeliveries: attemptsSeen, webhookDuration } = metrics();
  for (const { status, logged } of attempts) {
    attemptsSeen.inc({ outcome: logged.succeeded ? "delivered" : status === "failed" ? "given_up" : "retrying" });
    if (logged.statusCode !== null) webhookDuration.observe(logged.latencyMs / 1000);
  }
}

/** Deliveries with their endpoints and the organisation's secrets, in one statement. */
async function readDeliveries(db: Database, organizationId: string, deliveryIds: string[]) {
  return db
    .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints, secrets: webhookSecrets })
    .from(webhookDeliveries)
    .innerJoin(
      webhookEndpoints,
      and(eq(webhookEndpoints.organizationId, webhookDeliveries.organizationId), eq(webhookEndpoints.id, webhookDeliveries.endpointId)),
    )
    .leftJoin(webhookSecrets, eq(webhookSecrets.organizationId, webhookDeliveries.organizationId))
    .where(and(eq(webhookDeliveries.organizationId, organizationId), inArray(webhookDeliveries.id, deliveryIds)));
}

/**
 * The attempts' log rows and the deliveries' new states, committed together in one statement (one
 * round trip, no transaction): a repeated attempt (a step run again) overwrites its log row. The
 * rows travel as one JSON parameter: the statement's text stays the same whatever the number of
 * attempts, and costs little to build (drizzle's insert builder took ~260 µs for five rows).
 */
async function logAttempts(db: Database, organizationId: string, attempt: number, attempts: SentAttempt[], retryUnitMs: number): Promise<void> {
  const endedAt = new Date();
  const nextAttemptAt = new Date(endedAt.getTime() + retryDelayMs(attempt + 1, retryUnitMs)).toISOString();
  const rows = attempts.map(({ deliveryId, status, logged }) => ({ id: newId(), delivery_id: deliveryId, status, ...attemptLogColumns(logged) }));
  const ended = endedAt.toISOString();
  await db.execute(sql`
    with a as (
      select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as a(id text, delivery_id text, status text, url text,
        attempted_at timestamptz, succeeded boolean, status_code int, latency_ms int, response_body text, error text)
    ), logged as (
      insert into ${webhookAttempts} (id, organization_id, delivery_id, attempt, url, attempted_at, succeeded, status_code, latency_ms, response_body, error)
      select a.id, ${organizationId}::text, a.delivery_id, ${attempt}::int, a.url, a.attempted_at, a.succeeded, a.status_code, a.latency_ms, a.response_body, a.error
      from a
      on conflict (organization_id, delivery_id, attempt) do update set
        url = excluded.url, attempted_at = excluded.attempted_at, succeeded = excluded.succeeded, status_code = excluded.status_code,
        latency_ms = excluded.latency_ms, response_body = excluded.response_body, error = excluded.error
      returning delivery_id
    )
    update ${webhookDeliveries} as d set
      status = a.status,
      attempt_count = ${attempt}::int,
      next_attempt_at = case when a.status = 'pending' then ${nextAttemptAt}::timestamptz end,
      delivered_at = case when a.status = 'delivered' then ${ended}::timestamptz else d.delivered_at end,
      failed_at = case when a.status = 'failed' then ${ended}::timestamptz else d.failed_at end
    from a
    -- The logged ids as one array: the deliveries are found by their key, never by a join that the
    -- planner (which expects 100 rows of any JSON) would answer by reading the organisation's whole log.
    where d.organization_id = ${organizationId} and d.id = any(array(select delivery_id from logged)) and d.id = a.delivery_id`);
}

/** One delivery's attempt number `attempt` (the retries, a test send, a redelivery). */
export async function attemptWebhookDelivery(
  db: Database,
  organizationId: string,
  deliveryId: string,
  attempt: number,
  options: AttemptOptions = {},
): Promise<AttemptOutcome> {
  const [outcome] = await attemptWebhookDeliveries(db, organizationId, [deliveryId], attempt, options);
  return outcome!;
}
