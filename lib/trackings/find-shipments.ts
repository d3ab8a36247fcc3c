import { and, desc, eq, or, sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { trackings } from "@/db/schema";
import { withCheckpoints, type TrackingRecord } from "./tracking-record";

export interface ShipmentQuery {
  trackingNumber?: string;
  /** The order's number or id, as the store or the API gave it. */
  orderNumber?: string;
  customerEmail?: string;
}

export const MAX_FOUND_SHIPMENTS = 20;

/** An organisation's shipments matching every given criterion, newest first (at most 20). */
export async function findShipments(db: Executor, organizationId: string, query: ShipmentQuery): Promise<TrackingRecord[]> {
  const email = query.customerEmail?.trim().toLowerCase();
  const rows = await db
    .select()
    .from(trackings)
    .where(
      and(
        eq(trackings.organizationId, organizationId),
        query.trackingNumber ? eq(trackings.trackingNumber, query.trackingNumber.trim()) : undefined,
        query.orderNumber ? or(eq(trackings.orderNumber, query.orderNumber.trim()), eq(trackings.orderId, query.orderNumber.trim())) : undefined,
        email ? sql`exists (select 1 from unnest(${trackings.emails}) as address where lower(address) = ${email})` : undefined,
      ),
    )
    .orderBy(desc(trackings.createdAt))
    .limit(MAX_FOUND_SHIPMENTS);
  return withCheckpoints(db, rows);
}
