import { checkpointHash, type CheckpointIdentity } from "@/lib/carriers/checkpoint-hash";
import { countryIso3, countryName } from "@/lib/countries";
import { type EventTime, sortableTime } from "@/lib/carriers/event-time";
import { subtagMessage, type TagSubtag } from "@/lib/carriers/subtags";
import { type NormalizedCheckpoint, type ShipmentFacts } from "@/lib/carriers/types";

/** A scan event as a parser reads it, before ordering, de-duplication and status inheritance. */
export interface CheckpointDraft extends EventTime {
  message: string;
  /** Free-text place; built from city, state, zip and country when absent. */
  location?: string | null;
  city?: string | null;
  state?: string | null;
  zip?: string | null;
  /** Alpha-2, alpha-3 or an English name: carriers differ. */
  country?: string | null;
  coordinates?: [number, number] | [];
  /** Null for informational events: they take the status of the event before them. */
  status: TagSubtag | null;
  rawTag: string | null;
  /** The courier of this leg when a provider reports a hand-over; absent: the tracking's own. */
  slug?: string;
}

// Used when the oldest event is informational: something was scanned, so the parcel is moving.
const FIRST_EVENT_FALLBACK: TagSubtag = ["InTransit", "InTransit_001"];

const clean = (value: string | null | undefined) => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
};

function toCheckpoint(draft: CheckpointDraft, status: TagSubtag): NormalizedCheckpoint {
  const city = clean(draft.city);
  const state = clean(draft.state);
  const zip = clean(draft.zip);
  const iso3 = countryIso3(draft.country);
  const name = countryName(draft.country);
  const location = clean(draft.location) ?? ([city, state, zip, name ?? clean(draft.country)].filter(Boolean).join(", ") || null);
  return {
    checkpointTime: draft.checkpointTime,
    occurredAt: draft.occurredAt,
    message: draft.message.trim(),
    location,
    city,
    state,
    zip,
    countryIso3: iso3,
    countryName: name,
    coordinates: draft.coordinates ?? [],
    tag: status[0],
    subtag: status[1],
    subtagMessage: subtagMessage(status[1]),
    rawTag: draft.rawTag,
    ...(draft.slug ? { slug: draft.slug } : {}),
  };
}

/** Oldest first by instant (local time when the offset is unknown); ties keep the given order. */
export function sortCheckpoints<T extends EventTime>(checkpoints: readonly T[]): T[] {
  return checkpoints
    .map((checkpoint, index) => ({ checkpoint, index, time: sortableTime(checkpoint) }))
    .sort((a, b) => a.time - b.time || a.index - b.index)
    .map(({ checkpoint }) => checkpoint);
}

/**
 * Drops repeats of the same event within one answer (carriers resend scans): the checkpoint hash,
 * the rule the store applies too. The tracking's courier is not known here; the leg's is, when it differs.
 */
export function dedupeCheckpoints<T extends CheckpointIdentity & { slug?: string }>(checkpoints: readonly T[]): T[] {
  const seen = new Set<string>();
  return checkpoints.filter((checkpoint) => {
    const hash = checkpointHash(checkpoint.slug ?? "", checkpoint);
    if (seen.has(hash)) return false;
    seen.add(hash);
    return true;
  });
}

/**
 * Turns a parser's drafts, in the carrier's order (newest first is fine), into checkpoints
 * oldest first, without repeats, informational events carrying the previous status.
 */
export function finalizeCheckpoints(drafts: readonly CheckpointDraft[]): NormalizedCheckpoint[] {
  // Carriers list newest first; reversing keeps their order as the tie-break between equal times.
  const ordered = sortCheckpoints([...drafts].reverse());
  let previous: TagSubtag | null = null;
  const checkpoints = ordered.map((draft) => {
    const status: TagSubtag = draft.status ?? previous ?? FIRST_EVENT_FALLBACK;
    previous = status;
    return toCheckpoint(draft, status);
  });
  return dedupeCheckpoints(checkpoints);
}

const when = (checkpoint: NormalizedCheckpoint) => checkpoint.occurredAt ?? checkpoint.checkpointTime;

/**
 * Completes what the carrier reported about the shipment from its checkpoints (oldest first):
 * delivery date from the last delivery scan, pickup date from the first scan in the carrier's
 * hands. Reported values win.
 */
export function deriveShipmentFacts(checkpoints: readonly NormalizedCheckpoint[], reported: ShipmentFacts): ShipmentFacts {
  const delivered = checkpoints.findLast((checkpoint) => checkpoint.tag === "Delivered");
  const pickedUp =
    checkpoints.find((checkpoint) => checkpoint.subtag === "InTransit_002") ??
    checkpoints.find((checkpoint) => !["Pending", "InfoReceived"].includes(checkpoint.tag));
  const destination = checkpoints.findLast((checkpoint) => checkpoint.countryIso3)?.countryIso3 ?? null;
  return {
    ...reported,
    signedBy: reported.signedBy ?? null,
    shipmentDeliveryDate: reported.shipmentDeliveryDate ?? (delivered ? when(delivered) : null),
    shipmentPickupDate: reported.shipmentPickupDate ?? (pickedUp ? when(pickedUp) : null),
    courierDestinationCountryIso3: reported.courierDestinationCountryIso3 ?? reported.destinationCountryIso3 ?? (delivered ? destination : null),
  };
}
