import { createHash } from "node:crypto";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { preparedOrBuilt } from "@/db/prepared";
import { rowsOf } from "@/db/rows-of";
import {
  type NewWebhookDelivery,
  type WebhookApiVersion,
  type WebhookDelivery,
  type WebhookDeliveryStatus,
  type WebhookEndpoint,
  type WebhookEventKind,
  type WebhookSecret,
  trackingChanges,
  type TrackingChangeRow,
  webhookDeliveries,
  webhookEndpoints,
  webhookSecrets,
} from "@/db/schema";
import { NotFoundError } from "@/lib/domain-errors";
import { getTrackingOrThrow } from "@/lib/trackings/get-tracking-or-throw";
import { newId } from "@/lib/ids";
import { changeTimelineColumn, recordOfChangeRead, recordsOfChanges } from "@/lib/trackings/changes/change-timelines";
import type { TrackingRecord } from "@/lib/trackings/tracking-record";
import { buildWebhookBody } from "./build-webhook-body";
import type { RenderTracking } from "./render-tracking";

export interface WebhookEventSource {
  organizationId: string;
  trackingId: string;
  /** The background event's id: with the endpoint, it makes a delivery exist once. */
  sourceEventId: string;
  kind: WebhookEventKind;
  isFirstTag: boolean;
  /** Unix seconds of the change. */
  ts: number;
  /** `tracking_attention`: the new reasons; only endpoints that opted in receive it. */
  attention?: Array<{ reason: string; since: string }>;
  /** The change announced, in the record of changes: its snapshot is the `msg`. Absent (events from before the record): the tracking as it is now. */
  changeId?: string;
}

/**
 * The webhooks' `event_id` for one source event: the same however often the fan-out runs, so a run
 * repeated after some deliveries were stored needs no read to reuse it. Formatted as the UUID v4
 * the compatible API sends (version and variant bits set), from a hash of the organisation and event.
 */
export function webhookEventId(organizationId: string, sourceEventId: string): string {
  const bytes = createHash("sha256").update(`${organizationId}\0${sourceEventId}`).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** What the deliveries carry: the tracking as the change left it (read with the endpoints, with its timeline), and the change's position. */
async function announced(
  db: Executor,
  source: WebhookEventSource,
  change: TrackingChangeRow | null,
  timeline: unknown,
): Promise<{ record: TrackingRecord; position: number | null } | null> {
  if (change) {
    const record = recordOfChangeRead(change, timeline) ?? (await recordsOfChanges(db, source.organizationId, [change]))[0]!;
    return { record, position: change.position };
  }
  const record = await getTrackingOrThrow(db, source.organizationId, { id: source.trackingId }).catch((error: unknown) => {
    // Deleted since the event: nothing left to announce.
    if (error instanceof NotFoundError) return null;
    throw error;
  });
  return record && { record, position: null };
}

// Every fan-out reads it: prepared once per database (drizzle builds a select's SQL in ~100 µs).
// With each endpoint, the delivery an earlier run of the same event stored for it (through the
// index led by the event), so a repeated run sends nothing twice; and the change announced, with
// its timeline on the first row only, so neither costs a statement of its own (~0.3 ms of the
// database's thread each).
const enabledEndpointsQuery = (db: Executor) =>
  preparedOrBuilt(db, "webhook-endpoints-enabled", () =>
    db
      .select({
        endpoint: webhookEndpoints,
        secrets: webhookSecrets,
        earlier: { id: webhookDeliveries.id, status: webhookDeliveries.status, attemptCount: webhookDeliveries.attemptCount },
        change: trackingChanges,
        // A subquery in a CASE runs only where the CASE reaches it: once.
        timeline: sql<unknown>`case when row_number() over (order by ${webhookEndpoints.createdAt}, ${webhookEndpoints.id}) = 1 then ${changeTimelineColumn()} end`,
      })
      .from(webhookEndpoints)
      .leftJoin(webhookSecrets, eq(webhookSecrets.organizationId, webhookEndpoints.organizationId))
      .leftJoin(
        webhookDeliveries,
        and(
          eq(webhookDeliveries.organizationId, webhookEndpoints.organizationId),
          eq(webhookDeliveries.sourceEventId, sql.placeholder("sourceEventId")),
          eq(webhookDeliveries.endpointId, webhookEndpoints.id),
        ),
      )
      .leftJoin(trackingChanges, and(eq(trackingChanges.organizationId, webhookEndpoints.organizationId), eq(trackingChanges.id, sql.placeholder("changeId"))))
      .where(and(eq(webhookEndpoints.organizationId, sql.placeholder("organizationId")), eq(webhookEndpoints.enabled, true)))
      .orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id))
      .prepare("webhook_endpoints_enabled"),
  );

/** A delivery of this event that an earlier run stored. */
export interface EarlierDelivery {
  id: string;
  status: WebhookDeliveryStatus;
  attemptCount: number;
}

/** A delivery built for an endpoint that has none for this event yet: its row, not stored. */
export interface PlannedDelivery {
  delivery: NewWebhookDelivery & Pick<WebhookDelivery, "id" | "body" | "apiVersion" | "changePosition">;
  endpoint: WebhookEndpoint;
}

export interface DeliveryPlan {
  planned: PlannedDelivery[];
  earlier: EarlierDelivery[];
  /** The organisation's sealed secrets row (null before its first delivery). */
  secrets: WebhookSecret | null;
}

/**
 * The event's deliveries: one per enabled endpoint (those that opted in, for attention), its body
 * built in the endpoint's version, for each endpoint that has none yet; and those an earlier run
 * of the event stored.
 */
export async function planWebhookDeliveries(db: Executor, source: WebhookEventSource, renderTracking: RenderTracking): Promise<DeliveryPlan> {
  const rows = await enabledEndpointsQuery(db).execute({
    organizationId: source.organizationId,
    sourceEventId: source.sourceEventId,
    changeId: source.changeId ?? null,
  });
  const reached = source.kind === "tracking_attention" ? rows.filter(({ endpoint }) => endpoint.attentionEvents) : rows;
  const earlier = reached.flatMap(({ earlier }) => (earlier ? [earlier] : []));
  const secrets = rows[0]?.secrets ?? null;
  const fresh = reached.filter(({ earlier }) => !earlier).map(({ endpoint }) => endpoint);
  const found = fresh.length ? await announced(db, source, rows[0]!.change, rows[0]!.timeline) : null;
  if (!found) return { planned: [], earlier, secrets };
  const { record, position } = found;

  const eventId = webhookEventId(source.organizationId, source.sourceEventId);
  const bodies = new Map<WebhookApiVersion, string>();
  const bodyFor = (version: WebhookApiVersion) => {
    let body = bodies.get(version);
    if (body === undefined) {
      body = buildWebhookBody({
        event_id: eventId,
        event: source.kind,
        is_tracking_first_tag: source.isFirstTag,
        msg: renderTracking(version, record),
        ts: source.ts,
        attention: source.attention,
      });
      bodies.set(version, body);
    }
    return body;
  };
  const planned = fresh.map((endpoint) => ({
    delivery: {
      organizationId: source.organizationId,
      id: newId(),
      endpointId: endpoint.id,
      eventId,
      sourceEventId: source.sourceEventId,
      kind: source.kind,
      trigger: "event",
      trackingId: source.trackingId,
      changePosition: position,
      apiVersion: endpoint.apiVersion,
      body: bodyFor(endpoint.apiVersion),
    } satisfies NewWebhookDelivery,
    endpoint,
  }));
  return { planned, earlier, secrets };
}

/**
 * The event's deliveries stored pending, for deliver-webhook to attempt (the fan-out's way when its
 * own attempts keep failing). Idempotent: run again for the same event, it adds nothing and returns
 * the deliveries still pending.
 */
export async function createWebhookDeliveries(db: Executor, source: WebhookEventSource, renderTracking: RenderTracking): Promise<{ ids: string[] }> {
  const { planned, earlier } = await planWebhookDeliveries(db, source, renderTracking);
  const pendingBefore = earlier.filter((delivery) => delivery.status === "pending").map((delivery) => delivery.id);
  if (!planned.length) return { ids: pendingBefore };
  const [{ delivery: first }] = planned as [PlannedDelivery];
  // The rows travel as one JSON parameter: the statement costs little to build (drizzle's insert
  // builder took ~250 µs for five rows).
  const rows = planned.map(({ delivery }) => ({ id: delivery.id, endpoint_id: delivery.endpointId, api_version: delivery.apiVersion, body: delivery.body }));
  const result = await db.execute(sql`
    insert into ${webhookDeliveries} (organization_id, id, endpoint_id, event_id, source_event_id, kind, trigger, tracking_id, change_position, api_version, body)
    select ${source.organizationId}::text, r.id, r.endpoint_id, ${first.eventId}::text, ${source.sourceEventId}::text, ${source.kind}::text, 'event',
      ${source.trackingId}::text, ${first.changePosition}::bigint, r.api_version, r.body
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(id text, endpoint_id text, api_version text, body text)
    on conflict do nothing
    returning id`);
  return { ids: [...rowsOf<{ id: string }>(result).map((row) => row.id), ...pendingBefore] };
}
