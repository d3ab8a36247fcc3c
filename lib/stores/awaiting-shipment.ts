import { and, asc, eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { type StorePlatform, storeOrders, stores } from "@/db/schema";
import { businessDaysBetween, MONDAY_TO_FRIDAY } from "@/lib/edd/business-days";

/** A paid order goes into the needs-attention queue when it has not shipped after this many business days. */
export const NOT_SHIPPED_BUSINESS_DAYS = 2;
const CALENDAR = { weekdays: MONDAY_TO_FRIDAY, regions: [] };

/** An order a store was paid for that has no tracking number yet. */
export interface AwaitingOrder {
  storeId: string;
  platform: StorePlatform;
  shop: string;
  orderId: string;
  name: string;
  customerName: string | null;
  items: string[];
  placedAt: string;
  /** Business days (Monday to Friday) since it was placed. */
  businessDays: number;
  /** Not shipped after `NOT_SHIPPED_BUSINESS_DAYS`: the stall before any courier scan. */
  late: boolean;
}

/** The organisation's paid, unshipped store orders, oldest first: what awaits shipment, and how long it has waited. */
export async function ordersAwaitingShipment(db: Database, organizationId: string, now: Date): Promise<AwaitingOrder[]> {
  const rows = await db
    .select({ order: storeOrders, platform: stores.platform, shop: stores.shop })
    .from(storeOrders)
    .innerJoin(stores, eq(stores.id, storeOrders.storeId))
    .where(and(eq(storeOrders.organizationId, organizationId), eq(storeOrders.shipped, false), eq(storeOrders.paid, true), eq(storeOrders.cancelled, false)))
    .orderBy(asc(storeOrders.placedAt))
    .limit(500);
  const today = now.toISOString().slice(0, 10);
  return rows.map(({ order, platform, shop }) => {
    const businessDays = Math.max(0, businessDaysBetween(order.placedAt.toISOString().slice(0, 10), today, CALENDAR));
    return {
      storeId: order.storeId,
      platform,
      shop,
      orderId: order.orderId,
      name: order.name,
      customerName: order.customerName,
      items: order.items,
      placedAt: order.placedAt.toISOString(),
      businessDays,
      late: businessDays > NOT_SHIPPED_BUSINESS_DAYS,
    };
  });
}
