import type { Checkpoint, NewCheckpoint, Tracking } from "@/db/schema";
import { checkpointHash } from "@/lib/carriers/checkpoint-hash";
import type { NormalizedCheckpoint, ShipmentFacts } from "@/lib/carriers/types";
import { newId } from "@/lib/ids";
import { isReturnToSender } from "./derive-fields";
import type { TrackingRecord } from "./tracking-record";

export interface CheckpointInput extends NormalizedCheckpoint {
  source: "carrier" | "user";
}

export interface TrackingUpdateInput {
  checkpoints: CheckpointInput[];
  facts?: ShipmentFacts;
  /** Set by mark-as-completed: the status no matter what the checkpoints say. */
  status?: { tag: string; subtag: string; subtagMessage: string };
  /** Extra columns the caller sets in the same write (poll bookkeeping, activity). */
  columns?: Partial<Tracking>;
  /** Columns that depend on the tracking as this update leaves it (the poll schedule reads its new tag), in the same write. */
  columnsAfter?: (next: Tracking) => Partial<Tracking>;
  now: Date;
}

export interface TrackingChange {
  record: TrackingRecord;
  /** Anything a merchant would notice: new checkpoints, status or shipment facts. */
  changed: boolean;
  tagChanged: boolean;
  previousTag: string;
  /** First time this tracking reaches its (new) tag: `is_tracking_first_tag` in webhooks. */
  isFirstTag: boolean;
  newCheckpointCount: number;
}

/** Sort key: the real instant when known, else the local time read as UTC. */
function sortTime(checkpoint: { occurredAt: Date | string | null; checkpointTime: string }): number {
  if (checkpoint.occurredAt) return new Date(checkpoint.occurredAt).getTime();
  return Date.parse(`${checkpoint.checkpointTime}Z`) || 0;
}

const FACT_COLUMNS: Array<[keyof ShipmentFacts, keyof Tracking]> = [
  ["signedBy", "signedBy"],
  ["expectedDelivery", "expectedDelivery"],
  ["shipmentWeight", "shipmentWeight"],
  ["shipmentWeightUnit", "shipmentWeightUnit"],
  ["shipmentPackageCount", "shipmentPackageCount"],
  ["shipmentPickupDate", "shipmentPickupDate"],
  ["shipmentDeliveryDate", "shipmentDeliveryDate"],
  ["originCountryIso3", "originCountryIso3"],
  ["destinationCountryIso3", "destinationCountryIso3"],
  ["courierDestinationCountryIso3", "courierDestinationCountryIso3"],
  ["serviceType", "serviceType"],
];

function factChanges(tracking: Tracking, facts: ShipmentFacts | undefined): Partial<Tracking> {
  const changes: Record<string, unknown> = {};
  if (!facts) return changes;
  for (const [fact, column] of FACT_COLUMNS) {
    const value = facts[fact];
    // Carriers add facts; they do not erase what an earlier answer told.
    if (value !== undefined && value !== null && value !== tracking[column]) changes[column] = value;
  }
  if (facts.shipmentType && !tracking.shipmentTypeFromCaller && facts.shipmentType !== tracking.shipmentType) {
    changes.shipmentType = facts.shipmentType;
  }
  return changes as Partial<Tracking>;
}

/** What one update writes, worked out from the tracking and its stored timeline alone. */
export interface TrackingUpdatePlan {
  tracking: Tracking;
  /** Checkpoints new to the timeline, in time order. */
  fresh: NewCheckpoint[];
  /** The whole timeline, positions renumbered. */
  timeline: Array<Checkpoint | NewCheckpoint>;
  /** A late scan landed mid-timeline: the stored timeline is rewritten, not appended to. */
  rewrite: boolean;
  /** Columns of the tracking row to write (none: the row stays as it is). */
  set: Partial<Tracking>;
  change: Omit<TrackingChange, "record">;
}

/**
 * Merges new checkpoints into a timeline (deduplicated, ordered), moves the status, and records
 * shipment facts and milestones: everything an update decides, without touching the database.
 */
export function planTrackingUpdate(tracking: Tracking, existing: Checkpoint[], input: TrackingUpdateInput): TrackingUpdatePlan {
  const known = new Set(existing.map((checkpoint) => checkpoint.dedupeKey));
  const fresh: NewCheckpoint[] = [];
  for (const checkpoint of input.checkpoints) {
    const slug = checkpoint.slug ?? tracking.slug;
    const dedupeKey = checkpointHash(slug, checkpoint);
    if (known.has(dedupeKey)) continue;
    known.add(dedupeKey);
    fresh.push({
      id: newId(),
      organizationId: tracking.organizationId,
      trackingId: tracking.id,
      position: 0,
      slug,
      checkpointTime: checkpoint.checkpointTime,
      occurredAt: checkpoint.occurredAt ? new Date(checkpoint.occurredAt) : null,
      message: checkpoint.message,
      location: checkpoint.location,
      city: checkpoint.city,
      state: checkpoint.state,
      zip: checkpoint.zip,
      countryIso3: checkpoint.countryIso3,
      countryName: checkpoint.countryName,
      coordinates: checkpoint.coordinates,
      tag: checkpoint.tag,
      subtag: checkpoint.subtag,
      subtagMessage: checkpoint.subtagMessage,
      rawTag: checkpoint.rawTag,
      source: checkpoint.source,
      dedupeKey,
      createdAt: input.now,
    });
  }

  const lastExisting = existing[existing.length - 1];
  const appendsInOrder = fresh.every((checkpoint) => !lastExisting || sortTime(checkpoint as never) >= sortTime(lastExisting));
  fresh.sort((a, b) => sortTime(a as never) - sortTime(b as never));
  let timeline: Array<Checkpoint | NewCheckpoint> = [...existing, ...fresh];
  if (!appendsInOrder) timeline = timeline.sort((a, b) => sortTime(a as never) - sortTime(b as never));
  timeline.forEach((checkpoint, index) => (checkpoint.position = index));

  const latest = timeline[timeline.length - 1];
  const status = input.status ?? (fresh.length && latest ? { tag: latest.tag, subtag: latest.subtag, subtagMessage: latest.subtagMessage! } : null);
  const tagChanged = status !== null && status.tag !== tracking.tag;
  const subtagChanged = status !== null && status.subtag !== tracking.subtag;
  const facts = factChanges(tracking, input.facts);
  const changed = fresh.length > 0 || tagChanged || subtagChanged || Object.keys(facts).length > 0;

  const milestones: Partial<Tracking> = {};
  if (fresh.length) {
    const all = timeline as Checkpoint[];
    milestones.returnToSender = isReturnToSender(all);
    const pickup = all.find((checkpoint) => !["Pending", "InfoReceived"].includes(checkpoint.tag));
    if (pickup && !tracking.pickedUpAt) milestones.pickedUpAt = new Date(sortTime(pickup));
    const attempt = all.find((checkpoint) => checkpoint.tag === "AttemptFail" || checkpoint.tag === "Delivered");
    if (attempt && !tracking.firstAttemptedAt) milestones.firstAttemptedAt = new Date(sortTime(attempt));
  }
  if (status?.tag === "Delivered" && !tracking.deliveredAt) {
    milestones.deliveredAt = latest ? new Date(sortTime(latest as never)) : input.now;
  }
  const reached = status && !tracking.tagsReached.includes(status.tag) ? [...tracking.tagsReached, status.tag] : tracking.tagsReached;

  const set: Partial<Tracking> = {
    ...facts,
    ...milestones,
    ...(status ? { tag: status.tag, subtag: status.subtag, subtagMessage: status.subtagMessage, tagsReached: reached } : {}),
    ...(changed ? { lastUpdatedAt: input.now, updatedAt: input.now } : {}),
    ...input.columns,
  };
  if (input.columnsAfter) Object.assign(set, input.columnsAfter({ ...tracking, ...set }));
  for (const key of Object.keys(set) as Array<keyof Tracking>) if (set[key] === undefined) delete set[key];

  return {
    tracking,
    fresh,
    timeline,
    rewrite: fresh.length > 0 && !appendsInOrder,
    set,
    change: {
      changed,
      tagChanged,
      previousTag: tracking.tag,
      isFirstTag: status !== null && !tracking.tagsReached.includes(status.tag),
      newCheckpointCount: fresh.length,
    },
  };
}
