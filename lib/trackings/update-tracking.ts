import { and, eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { checkpoints, trackings, type Organization, type Tracking } from "@/db/schema";
import { ConflictError, InvalidError } from "@/lib/domain-errors";
import { resolveTrackingConnection } from "@/lib/connections/resolve-tracking-connection";
import { getCourier } from "@/lib/couriers/get-courier";
import { missingRequiredFields } from "@/lib/couriers/missing-required-fields";
import { missingFieldsError } from "./create-tracking";
import { requestPollAndEstimate } from "./poll-requests";
import { getTrackingRowOrThrow, type TrackingLocator } from "./get-tracking-or-throw";
import { sendFollowUps } from "@/lib/events/follow-ups";
import { recordCourierChangeFollowUp } from "./provider-follow-up";
import { additionalFieldsOf, searchTextOf, trackingDedupeKey, type TrackingPatch } from "./tracking-patch";
import { withCheckpoints, type TrackingRecord } from "./tracking-record";
import { recordRollupChanges } from "./insights/record-rollups";
import { recordChange } from "./changes/record-changes";

export interface UpdateTrackingInput {
  fields: TrackingPatch;
  /** A corrected courier (v4.1.1): re-validated, and the tracking starts over as Pending. */
  slug?: string;
}

export interface UpdateTrackingResult {
  record: TrackingRecord;
  /** The courier changed: the caller queues a fresh poll (a provider that followed the old courier has been told). */
  courierChanged: boolean;
}

function courierReset(now: Date): Partial<Tracking> {
  return {
    tag: "Pending",
    subtag: "Pending_001",
    subtagMessage: "Pending",
    tagsReached: [],
    trackedCount: 0,
    active: true,
    returnToSender: false,
    expectedDelivery: null,
    signedBy: null,
    firstAttemptedAt: null,
    pickedUpAt: null,
    deliveredAt: null,
    shipmentPickupDate: null,
    shipmentDeliveryDate: null,
    nextPollAt: now,
    lastUpdatedAt: now,
  };
}

export async function updateTracking(
  db: Database,
  organization: Organization,
  locator: TrackingLocator,
  input: UpdateTrackingInput,
): Promise<UpdateTrackingResult> {
  const { result, providerFollowUp } = await db.transaction(async (tx) => {
    const current = await getTrackingRowOrThrow(tx, organization.id, locator, { forUpdate: true });
    const next: Tracking = { ...current, ...input.fields } as Tracking;
    const now = new Date();
    let courierChanged = false;

    const slug = input.slug?.toLowerCase();
    if (slug && slug !== current.slug) {
      const courier = getCourier(slug);
      if (!courier) throw new InvalidError("slug", "unknown", `The value of \`slug\` is invalid: no courier has the slug "${slug}".`);
      const missing = missingRequiredFields(courier, additionalFieldsOf(next));
      if (missing.length > 0) throw missingFieldsError(missing);
      Object.assign(next, courierReset(now), { slug });
      courierChanged = true;
    }
    if (courierChanged || input.fields.courierConnectionId !== undefined) {
      next.courierConnectionId = await resolveTrackingConnection(tx, organization.id, next.slug, input.fields.courierConnectionId);
    }
    if (input.fields.title === null || input.fields.title === "") next.title = current.trackingNumber;
    if (input.fields.shipmentType !== undefined) next.shipmentTypeFromCaller = Boolean(input.fields.shipmentType);
    next.dedupeKey = trackingDedupeKey(next.slug, next.trackingNumber, additionalFieldsOf(next));
    next.searchText = searchTextOf(next);
    next.updatedAt = now;

    if (courierChanged) {
      await tx.delete(checkpoints).where(and(eq(checkpoints.organizationId, organization.id), eq(checkpoints.trackingId, current.id)));
    }
    const { organizationId: _org, id: _id, createdAt: _created, ...changes } = next;
    const [updated] = await tx
      .update(trackings)
      .set(changes)
      .where(and(eq(trackings.organizationId, organization.id), eq(trackings.id, current.id)))
      .returning()
      .catch((error: unknown) => {
        if (String((error as { code?: string }).code ?? (error as Error).message).includes("23505")) {
          throw new ConflictError("tracking", "Tracking already exists: another tracking has this courier, number and additional fields.");
        }
        throw error;
      });
    await recordRollupChanges(tx, [{ before: current, after: updated! }]);
    const [record] = await withCheckpoints(tx, [updated!]);
    if (courierChanged) {
      await recordChange(tx, organization.id, {
        type: "tracking.courier_corrected",
        record: record!,
        occurredAt: now,
        details: { previous_slug: current.slug },
      });
    }
    const providerFollowUp = courierChanged ? await recordCourierChangeFollowUp(tx, current, updated!) : null;
    return { result: { record: record!, courierChanged }, providerFollowUp };
  });
  // A new courier starts over: the row is due now; asking at once saves the dispatcher's minute.
  if (result.courierChanged) requestPollAndEstimate(db, result.record.tracking);
  if (providerFollowUp) await sendFollowUps(db, [providerFollowUp]);
  return result;
}
