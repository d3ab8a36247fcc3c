import { and, eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { trackings, type WaybillEstimate } from "@/db/schema";
import { withCheckpoints } from "@/lib/trackings/tracking-record";
import { estimateTrackingDelivery, type TrackingEstimate } from "./estimate-tracking-delivery";
import { getEddModel } from "@/lib/edd/get-edd-model";
import { estimateBookkeeping } from "@/lib/trackings/insights/contribution";
import { recordRollupChanges } from "@/lib/trackings/insights/record-rollups";
import { recordChange } from "@/lib/trackings/changes/record-changes";

export interface EstimateRevision {
  previous: WaybillEstimate | null;
  estimate: TrackingEstimate;
  /** An earlier estimate's dates moved (not only its confidence): what `edd_revise` webhooks announce. */
  revised: boolean;
  /** The `tracking.estimate_revised` change recorded when `revised`. */
  changeId?: string;
}

const DATE_KEYS = ["estimated_delivery_date", "estimated_delivery_date_min", "estimated_delivery_date_max"] as const;
const ALL_KEYS = [...DATE_KEYS, "confidence_score", "confidence_code"] as const;

/**
 * Recomputes a tracking's `waybill_estimate` and stores it when it differs. Null when nothing was
 * stored: the tracking is gone, already delivered (its last estimate stays, for on-time status), or
 * the estimate is unchanged.
 */
export async function reviseTrackingEstimate(db: Database, organizationId: string, trackingId: string): Promise<EstimateRevision | null> {
  const model = await getEddModel(db);
  return db.transaction(async (tx) => {
    const where = and(eq(trackings.organizationId, organizationId), eq(trackings.id, trackingId));
    const [row] = await tx.select().from(trackings).where(where).for("update");
    if (!row || row.deliveredAt) return null;
    const [record] = await withCheckpoints(tx, [row]);
    const estimate = estimateTrackingDelivery(model, record!);
    const previous = row.waybillEstimate;
    // The column is typed without `confidence_code`, which this module adds.
    if (previous && ALL_KEYS.every((key) => (previous as Partial<TrackingEstimate>)[key] === estimate[key])) return null;
    const set = { waybillEstimate: estimate, ...estimateBookkeeping(row, { waybillEstimate: estimate }) };
    await tx.update(trackings).set(set).where(where);
    await recordRollupChanges(tx, [{ before: row, after: { ...row, ...set } }]);
    const revised = previous !== null && DATE_KEYS.some((key) => previous[key] !== estimate[key]);
    if (!revised) return { previous, estimate, revised };
    const change = await recordChange(tx, organizationId, {
      type: "tracking.estimate_revised",
      record: { tracking: { ...row, ...set }, checkpoints: record!.checkpoints },
      occurredAt: new Date(),
      details: { previous, estimate },
    });
    return { previous, estimate, revised, changeId: change.id };
  });
}
