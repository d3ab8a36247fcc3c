import { and, desc, eq, ne, or, isNull } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { trackings, type LinkedShipment, type Tracking } from "@/db/schema";

const linkOf = (tracking: Tracking): LinkedShipment => ({ id: tracking.id, tracking_number: tracking.trackingNumber, slug: tracking.slug });

/**
 * A return created with the order of a forward shipment is linked to it both ways (2026-07
 * `forward_shipment` on the return, `return_shipment` on the forward one). Returns the return as
 * stored; unchanged when it is no return, has no order or the order has no forward shipment.
 */
export async function linkReturnShipment(db: Executor, created: Tracking): Promise<Tracking> {
  if (created.shipmentDirection !== "return" || !created.orderId) return created;
  const [forward] = await db
    .select()
    .from(trackings)
    .where(
      and(
        eq(trackings.organizationId, created.organizationId),
        eq(trackings.orderId, created.orderId),
        ne(trackings.id, created.id),
        or(eq(trackings.shipmentDirection, "forward"), isNull(trackings.shipmentDirection)),
      ),
    )
    .orderBy(desc(trackings.createdAt))
    .limit(1);
  if (!forward) return created;
  await db
    .update(trackings)
    .set({ returnShipment: linkOf(created), shipmentDirection: "forward" })
    .where(and(eq(trackings.organizationId, forward.organizationId), eq(trackings.id, forward.id)));
  const [linked] = await db
    .update(trackings)
    .set({ forwardShipment: linkOf(forward) })
    .where(and(eq(trackings.organizationId, created.organizationId), eq(trackings.id, created.id)))
    .returning();
  return linked ?? created;
}
