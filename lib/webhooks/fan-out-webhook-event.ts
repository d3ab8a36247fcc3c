import { sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { rowsOf } from "@/db/rows-of";
import { webhookAttempts, webhookDeliveries } from "@/db/schema";
import { newId } from "@/lib/ids";
import { attemptLogColumns, countAttempts, openOrCreateSecrets, sendAttempt, type SentAttempt } from "./attempt-webhook-delivery";
import { planWebhookDeliveries, type PlannedDelivery, type WebhookEventSource } from "./create-webhook-deliveries";
import type { RenderTracking } from "./render-tracking";
import { MAX_WEBHOOK_ATTEMPTS, retryDelayMs } from "./retry-schedule";
import { webhookSettings } from "./webhook-settings";

export interface FanOutOutcome {
  /** The event's deliveries, those stored now and those an earlier run stored. */
  deliveries: number;
  delivered: number;
  /** Deliveries still pending, with the attempt that comes next on the schedule. */
  retries: Array<{ deliveryId: string; nextAttempt: number }>;
}

/**
 * One event to every enabled webhook URL: each body is built, sent, and only then stored, with its
 * first attempt's log and its state after it, in one statement. Most receivers answer 2xx at once,
 * so most deliveries are written once, already delivered. The run is what keeps the event until
 * then: a run repeated before the store sends again (webhooks are at-least-once); after it, the
 * stored deliveries are found with the endpoints and nothing is sent twice.
 */
export async function fanOutWebhookEvent(db: Database, source: WebhookEventSource, renderTracking: RenderTracking): Promise<FanOutOutcome> {
  const { planned, earlier, secrets: sealed } = await planWebhookDeliveries(db, source, renderTracking);
  const retries = earlier
    .filter((delivery) => delivery.status === "pending")
    .map(({ id, attemptCount }) => ({ deliveryId: id, nextAttempt: attemptCount + 1 }));
  const delivered = earlier.filter((delivery) => delivery.status === "delivered").length;
  if (!planned.length) return { deliveries: earlier.length, delivered, retries };

  const secrets = await openOrCreateSecrets(db, source.organizationId, sealed);
  // Read once: the settings are parsed from the environment on every read.
  const settings = webhookSettings();
  const attempts = await Promise.all(planned.map((row) => sendAttempt(row, secrets, { settings, lastAttempt: MAX_WEBHOOK_ATTEMPTS <= 1 })));
  const stored = await storeWithFirstAttempts(db, source, planned, attempts, settings.retryUnitMs);
  const made = attempts.filter((attempt) => stored.has(attempt.deliveryId));
  countAttempts(made);
  return {
    deliveries: earlier.length + made.length,
    delivered: delivered + made.filter((attempt) => attempt.status === "delivered").length,
    retries: [...retries, ...made.filter((attempt) => attempt.status === "pending").map(({ deliveryId }) => ({ deliveryId, nextAttempt: 2 }))],
  };
}

/**
 * The deliveries and their first attempts' log rows, in one statement. A delivery another run of
 * the same event stored meanwhile wins: this one's row and log are dropped. The rows travel as one
 * JSON parameter, so the statement's text is the same whatever their number.
 */
async function storeWithFirstAttempts(
  db: Database,
  source: WebhookEventSource,
  planned: PlannedDelivery[],
  attempts: SentAttempt[],
  retryUnitMs: number,
): Promise<Set<string>> {
  const endedAt = new Date();
  const ended = endedAt.toISOString();
  const nextAttemptAt = new Date(endedAt.getTime() + retryDelayMs(2, retryUnitMs)).toISOString();
  const { eventId, changePosition } = planned[0]!.delivery;
  const rows = planned.map(({ delivery }, index) => {
    const { status, logged } = attempts[index]!;
    return {
      id: delivery.id,
      endpoint_id: delivery.endpointId,
      api_version: delivery.apiVersion,
      body: delivery.body,
      status,
      attempt_id: newId(),
      ...attemptLogColumns(logged),
    };
  });
  const result = await db.execute(sql`
    with r as (
      select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(id text, endpoint_id text, api_version text, body text, status text,
        attempt_id text, url text, attempted_at timestamptz, succeeded boolean, status_code int, latency_ms int, response_body text, error text)
    ), stored as (
      insert into ${webhookDeliveries} (organization_id, id, endpoint_id, event_id, source_event_id, kind, trigger, tracking_id, change_position,
        api_version, body, status, attempt_count, next_attempt_at, delivered_at, failed_at)
      select ${source.organizationId}::text, r.id, r.endpoint_id, ${eventId}::text, ${source.sourceEventId}::text, ${source.kind}::text, 'event',
        ${source.trackingId}::text, ${changePosition}::bigint, r.api_version, r.body, r.status, 1,
        case when r.status = 'pending' then ${nextAttemptAt}::timestamptz end,
        case when r.status = 'delivered' then ${ended}::timestamptz end,
        case when r.status = 'failed' then ${ended}::timestamptz end
      from r
      on conflict do nothing
      returning id
    )
    insert into ${webhookAttempts} (id, organization_id, delivery_id, attempt, url, attempted_at, succeeded, status_code, latency_ms, response_body, error)
    select r.attempt_id, ${source.organizationId}::text, r.id, 1, r.url, r.attempted_at, r.succeeded, r.status_code, r.latency_ms, r.response_body, r.error
    from r join stored on stored.id = r.id
    returning delivery_id`);
  return new Set(rowsOf<{ delivery_id: string }>(result).map((row) => row.delivery_id));
}
