import { EventType } from "inngest";
import { z } from "zod";
import { inngest } from "./client";

/*
 * The app's events live here, one `defineEvent` each, e.g.
 *   export const trackingCreated = defineEvent("tracking/created", z.object({ trackingId: z.string() }));
 * A definition is a trigger (`triggers: [trackingCreated]`, which types `event.data` and makes the
 * SDK validate incoming data) and what `sendEvent` / `PendingEvents.add` validate against.
 */

type EventSchema = z.ZodType<Record<string, unknown>, Record<string, unknown>>;

/** Event data reaches functions unparsed, so a schema must not transform (no defaults, no coercion). */
type WithoutTransform<TSchema extends EventSchema> = [z.input<TSchema>] extends [z.output<TSchema>]
  ? [z.output<TSchema>] extends [z.input<TSchema>]
    ? TSchema
    : "event schemas must not transform: input and output types differ"
  : "event schemas must not transform: input and output types differ";

export function defineEvent<const TName extends string, TSchema extends EventSchema>(
  name: TName,
  schema: TSchema & WithoutTransform<TSchema>,
): EventType<TName, TSchema> {
  return new EventType({ name, schema });
}

export interface SendOptions {
  /** Inngest accepts an event id once, so a sender that may repeat itself passes a stable id. */
  id?: string;
}

interface OutgoingEvent {
  name: string;
  data: Record<string, unknown>;
  id?: string;
}

function validated<TName extends string, TSchema extends EventSchema>(
  event: EventType<TName, TSchema>,
  data: z.input<TSchema>,
  options: SendOptions,
): OutgoingEvent {
  return { name: event.name, data: event.schema.parse(data), ...(options.id ? { id: options.id } : {}) };
}

/**
 * Validates and sends one event now, returning its id: for tests and tools. Verbs record their
 * events in their transaction instead (lib/events/follow-ups.ts), so none is lost to a crash.
 */
export async function sendEvent<TName extends string, TSchema extends EventSchema>(
  event: EventType<TName, TSchema>,
  data: z.input<TSchema>,
  options: SendOptions = {},
): Promise<string> {
  const { ids } = await inngest.send(validated(event, data, options));
  return ids[0]!;
}

/** An event already validated and given its id (a stored follow-up): sent as it is. */
export interface StoredEvent {
  id: string;
  name: string;
  data: Record<string, unknown>;
}

/** Validates an event for storing now and sending later. */
export function storableEvent<TName extends string, TSchema extends EventSchema>(
  event: EventType<TName, TSchema>,
  data: z.input<TSchema>,
): { name: string; data: Record<string, unknown> } {
  return { name: event.name, data: event.schema.parse(data) };
}

/**
 * Sends validated events now, recording nothing: for a nudge whose durable record is elsewhere (a
 * tracking due now is its own poll request: if the nudge is lost, the dispatcher's next minute polls it).
 */
export async function sendNudges(events: Array<{ name: string; data: Record<string, unknown> }>): Promise<void> {
  if (events.length) await inngest.send(events);
}

/** Sends stored events; their ids make a repeated send start nothing twice. */
export async function sendStoredEvents(events: StoredEvent[]): Promise<void> {
  if (events.length) await inngest.send(events.map(({ id, name, data }) => ({ id, name, data })));
}

/*
 * Delivery estimates (lib/edd). `tracking/estimate.requested` starts inngest/functions/estimate-delivery.ts;
 * send it after the commit that created trackings or added checkpoints to them (the poller, once per
 * poll, naming every tracking of it that needs one). When an estimate's dates move, that function
 * sends `tracking/estimate.revised`: the webhook sender turns it into an `edd_revise` webhook, next
 * to the `tracking_update` of the same change.
 */

const trackingRef = { organizationId: z.string().min(1), trackingId: z.string().min(1) };

const estimate = z.object({
  estimated_delivery_date: z.string(),
  estimated_delivery_date_min: z.string(),
  estimated_delivery_date_max: z.string(),
  confidence_score: z.number().nullable(),
  confidence_code: z.number().int().optional(),
});

/** One request per stored poll or create: the trackings of one organisation whose estimates may have moved. */
export const trackingEstimateRequested = defineEvent(
  "tracking/estimate.requested",
  z
    .object({
      organizationId: z.string().min(1),
      trackingIds: z.array(z.string().min(1)).min(1).optional(),
      /** One tracking: how the request was sent before it carried several (such events may still wait in a queue). */
      trackingId: z.string().min(1).optional(),
    })
    .refine((data) => data.trackingIds || data.trackingId, { message: "trackingIds is required" }),
);

/** The trackings an estimate request names. */
export function trackingsToEstimate(data: { trackingIds?: string[]; trackingId?: string }): string[] {
  return data.trackingIds ?? (data.trackingId ? [data.trackingId] : []);
}

/** `previous` and `estimate` as stored in `trackings.waybill_estimate`. */
export const trackingEstimateRevised = defineEvent(
  "tracking/estimate.revised",
  z.object({ ...trackingRef, previous: estimate, estimate, changeId: z.string().optional() }),
);

/*
 * Tracking lifecycle. `tracking/poll.requested` asks for one carrier call over a batch of one
 * organisation's trackings of one route (the dispatcher's fan-out; create and retrack send it, with
 * `estimate`, so the first poll and estimate do not wait for the next cron slot). `tracking/updated` is
 * sent once per change a merchant would notice (new checkpoints, status, shipment facts), after the
 * commit that stored it: webhooks and contact notifications start from it.
 */

export const trackingPollRequested = defineEvent(
  "tracking/poll.requested",
  z.object({
    organizationId: z.string().min(1),
    /** Who is asked: "direct" (the courier's adapter, the default), a tracking provider ("track17", "ship24"), or "untrackable" (nobody: rescheduled). */
    route: z.enum(["direct", "track17", "ship24", "untrackable"]).optional(),
    /** The courier of a direct poll; provider and untrackable polls mix couriers. */
    slug: z.string().min(1).optional(),
    /** Polls of one lane share a concurrency limit: the courier, or the provider. */
    lane: z.string().min(1).optional(),
    trackingIds: z.array(z.string().min(1)).min(1),
    /** The trackings are new to their courier (created, retracked, re-couriered): ask for their estimates first. */
    estimate: z.boolean().optional(),
  }),
);

export const trackingUpdated = defineEvent(
  "tracking/updated",
  z.object({
    ...trackingRef,
    tag: z.string(),
    previousTag: z.string(),
    /** First time this tracking reaches `tag`: the webhook's `is_tracking_first_tag`. */
    isFirstTag: z.boolean(),
    tagChanged: z.boolean(),
    /**
     * Whether the tracking had e-mail addresses or phone numbers when the change was stored: contact
     * notifications have nobody to tell otherwise, and start only when it is true.
     */
    hasContacts: z.boolean().optional(),
    /** Whether a connected store shipped the tracking: only then is its status news to a store (absent: nobody is told). */
    storeShipped: z.boolean().optional(),
    /** When the change was stored (ISO 8601): the webhook's `ts` and the latency benchmark's start. */
    updatedAt: z.string(),
    /** The change in the record of changes (lib/trackings/changes): what webhooks carry. Absent in events stored before it. */
    changeId: z.string().optional(),
  }),
);

/**
 * A tracking newly needs attention (lib/trackings/attention): sent by the scheduled evaluation for
 * the reasons it added; endpoints that opted in get a `tracking_attention` webhook.
 */
export const trackingAttentionFlagged = defineEvent(
  "tracking/attention.flagged",
  z.object({ ...trackingRef, flags: z.array(z.object({ reason: z.string(), since: z.string() })).min(1), changeId: z.string().optional() }),
);

/*
 * Webhooks (lib/webhooks). inngest/functions/fan-out-webhooks.ts stores one delivery per enabled
 * endpoint for every `tracking/updated` and `tracking/estimate.revised` and makes their first
 * attempts together; each delivery still pending is handed on with `webhook/delivery.requested`
 * (event id `webhook-delivery-<deliveryId>`, so it is asked for once, `firstAttempt` 2) to
 * inngest/functions/deliver-webhook.ts, which runs the retries. The dashboard's redeliver sends it too.
 */

export const webhookDeliveryRequested = defineEvent(
  "webhook/delivery.requested",
  z.object({
    organizationId: z.string().min(1),
    deliveryId: z.string().min(1),
    /** The attempt to make first (1 when absent); earlier ones were made by the fan-out. */
    firstAttempt: z.number().int().positive().optional(),
  }),
);

/*
 * Tracking providers (17TRACK, Ship24). `tracking/provider-call.requested` asks the provider that
 * follows some of an organisation's trackings to stop following them (delivered, expired,
 * completed, deleted), to follow them again (retrack) or to change their courier (corrected by the
 * merchant). The verbs and the poller send it after their commit; inngest/functions/call-tracking-provider.ts
 * makes the call, waiting and trying again while the provider is down.
 */

export const trackingProviderCallRequested = defineEvent(
  "tracking/provider-call.requested",
  z.object({
    organizationId: z.string().min(1),
    provider: z.enum(["track17", "ship24"]),
    call: z.enum(["stop", "restart", "change-carrier"]),
    trackings: z
      .array(
        z.object({
          id: z.string().min(1),
          slug: z.string().min(1),
          trackingNumber: z.string().min(1),
          additionalFields: z.record(z.string(), z.string().nullable()),
          /** ISO 8601. */
          createdAt: z.string(),
          /** change-carrier: the courier the number was registered under. */
          previousSlug: z.string().min(1).optional(),
        }),
      )
      .min(1),
  }),
);

/*
 * Stores and imports (lib/stores). A store's webhook (or the backfill) says an order changed:
 * `store/order.changed` reads it from the store and brings its fulfilments in. `store/backfill.requested`
 * pages through the store's recent orders; `import/requested` through another service's trackings.
 */

export const storeOrderChanged = defineEvent(
  "store/order.changed",
  z.object({ organizationId: z.string().min(1), storeId: z.string().min(1), orderId: z.string().min(1) }),
);

export const storeBackfillRequested = defineEvent("store/backfill.requested", z.object({ organizationId: z.string().min(1), storeId: z.string().min(1) }));

export const importRequested = defineEvent("import/requested", z.object({ organizationId: z.string().min(1), importId: z.string().min(1) }));

/*
 * Klaviyo (lib/notifications/klaviyo). Every minute inngest/functions/send-to-klaviyo.ts asks, per
 * organisation with changes Klaviyo has not had, for `klaviyo/send.requested`; saving the settings asks too.
 */
export const klaviyoSendRequested = defineEvent("klaviyo/send.requested", z.object({ organizationId: z.string().min(1) }));
