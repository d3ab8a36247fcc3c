import { and, desc, isNotNull, lte, sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { trackings } from "@/db/schema";
import { localDateTime, trackingLane, utcDateTime } from "./tracking-lane";
import { type DeliverySample } from "./types";

/**
 * The most recent delivered trackings, as training samples: pickup at the first carrier scan and the
 * delivery, in the carrier's local dates when it gave them. At most `perOrganization` of each
 * organisation and `limit` in all, so a merchant with a hundred thousand deliveries cannot push a
 * small one's own history out of the model.
 */
export async function loadDeliverySamples(db: Executor, limit: number, perOrganization: number): Promise<DeliverySample[]> {
  const ranked = db
    .select({
      organizationId: trackings.organizationId,
      slug: trackings.slug,
      serviceType: trackings.serviceType,
      originCountryIso3: trackings.originCountryIso3,
      originState: trackings.originState,
      originPostalCode: trackings.originPostalCode,
      trackingOriginCountry: trackings.trackingOriginCountry,
      destinationCountryIso3: trackings.destinationCountryIso3,
      destinationState: trackings.destinationState,
      destinationPostalCode: trackings.destinationPostalCode,
      trackingDestinationCountry: trackings.trackingDestinationCountry,
      trackingState: trackings.trackingState,
      trackingPostalCode: trackings.trackingPostalCode,
      pickedUpAt: trackings.pickedUpAt,
      deliveredAt: trackings.deliveredAt,
      shipmentPickupDate: trackings.shipmentPickupDate,
      shipmentDeliveryDate: trackings.shipmentDeliveryDate,
      rank: sql<number>`row_number() over (partition by ${trackings.organizationId} order by ${trackings.deliveredAt} desc)`.as("rank"),
    })
    .from(trackings)
    .where(and(isNotNull(trackings.pickedUpAt), isNotNull(trackings.deliveredAt)))
    .as("ranked");
  const rows = await db.select().from(ranked).where(lte(ranked.rank, perOrganization)).orderBy(desc(ranked.deliveredAt)).limit(limit);
  return rows.map((row) => ({
    organizationId: row.organizationId,
    ...trackingLane(row),
    pickupTime: localDateTime(row.shipmentPickupDate) ?? utcDateTime(row.pickedUpAt!),
    deliveredAt: localDateTime(row.shipmentDeliveryDate) ?? utcDateTime(row.deliveredAt!),
  }));
}
