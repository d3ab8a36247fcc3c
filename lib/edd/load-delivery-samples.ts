import { and, desc, isNotNull } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { trackings } from "@/db/schema";
import { localDateTime, trackingLane, utcDateTime } from "./tracking-lane";
import { type DeliverySample } from "./types";

/**
 * The most recent `limit` delivered trackings of every organisation, as training samples: pickup at
 * the first carrier scan and the delivery, in the carrier's local dates when it gave them.
 */
export async function loadDeliverySamples(db: Executor, limit: number): Promise<DeliverySample[]> {
  const rows = await db
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
    })
    .from(trackings)
    .where(and(isNotNull(trackings.pickedUpAt), isNotNull(trackings.deliveredAt)))
    .orderBy(desc(trackings.deliveredAt))
    .limit(limit);
  return rows.map((row) => ({
    organizationId: row.organizationId,
    ...trackingLane(row),
    pickupTime: localDateTime(row.shipmentPickupDate) ?? utcDateTime(row.pickedUpAt!),
    deliveredAt: localDateTime(row.shipmentDeliveryDate) ?? utcDateTime(row.deliveredAt!),
  }));
}
