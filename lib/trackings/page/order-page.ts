import { and, desc, eq, or } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { storeOrders, trackings, type Tracking } from "@/db/schema";
import { feedbackOf, type GivenFeedback } from "../feedback/feedback-of";
import { withCheckpoints } from "../tracking-record";
import type { PageLanguage } from "../shopper-texts";
import { pageShipment, type PageShipment, type PageShipmentOptions } from "./page-view";
import { orderPageToken, readOrderPageToken, trackingPageToken } from "./token";

/** An order's parcels are looked at together; an order of more is not one shopper's order. */
const MAX_PARCELS = 50;

/** The key an order's trackings share: the number the shop gave it, else its id. */
export const orderKeyOf = (tracking: Pick<Tracking, "orderNumber" | "orderId">): string | null => tracking.orderNumber ?? tracking.orderId ?? null;

const ofOrder = (organizationId: string, orderKey: string) =>
  and(eq(trackings.organizationId, organizationId), or(eq(trackings.orderNumber, orderKey), eq(trackings.orderId, orderKey)));

/** The organisation's trackings of one order (by its number or id), newest activity first. */
export async function orderTrackings(db: Executor, organizationId: string, orderKey: string): Promise<Tracking[]> {
  return db.select().from(trackings).where(ofOrder(organizationId, orderKey)).orderBy(desc(trackings.lastUpdatedAt), desc(trackings.id)).limit(MAX_PARCELS);
}

/** Items of the order not shipped yet, from the connected store's order (none without a store). */
export async function preparingItems(db: Executor, organizationId: string, orderKey: string, parcels: Tracking[]): Promise<string[]> {
  const ids = new Set([orderKey, ...parcels.map((parcel) => parcel.orderId).filter((id): id is string => Boolean(id))]);
  const rows = await db
    .select({ unshippedItems: storeOrders.unshippedItems, cancelled: storeOrders.cancelled })
    .from(storeOrders)
    .where(and(eq(storeOrders.organizationId, organizationId), or(eq(storeOrders.name, orderKey), ...[...ids].map((id) => eq(storeOrders.orderId, id)))))
    .limit(5);
  return rows.filter((row) => !row.cancelled).flatMap((row) => row.unshippedItems);
}

export interface OrderParcel {
  /** The parcel's own full page token (the order token proved the shopper's contact). */
  token: string;
  trackingId: string;
  shipment: PageShipment;
  feedback: GivenFeedback | null;
}

export interface PageOrder {
  number: string;
  customerName: string | null;
  parcels: OrderParcel[];
  preparing: string[];
}

/** What an order token opens: every parcel of the order with its own status and timeline, and what is still being prepared. */
export async function loadPageOrder(
  db: Executor,
  organizationId: string,
  token: string,
  language: PageLanguage,
  options: PageShipmentOptions,
): Promise<PageOrder | null> {
  const orderKey = readOrderPageToken(organizationId, token);
  if (!orderKey) return null;
  const rows = await orderTrackings(db, organizationId, orderKey);
  if (!rows.length) return null;
  const [records, preparing, feedback] = await Promise.all([
    withCheckpoints(db, rows),
    preparingItems(db, organizationId, orderKey, rows),
    feedbackOf(
      db,
      organizationId,
      rows.map((row) => row.id),
    ),
  ]);
  return {
    number: orderKey,
    customerName: rows[0]!.customerName?.trim().split(/\s+/)[0] ?? null,
    parcels: records.map((record) => ({
      token: trackingPageToken(organizationId, record.tracking.id, "full"),
      trackingId: record.tracking.id,
      shipment: pageShipment(record, "full", language, options),
      feedback: feedback.get(record.tracking.id) ?? null,
    })),
    preparing,
  };
}

/** The order page of a tracking that shares its order with others, for its full view's link; null when it is alone. */
export async function siblingOrderToken(db: Executor, tracking: Tracking): Promise<string | null> {
  const orderKey = orderKeyOf(tracking);
  if (!orderKey) return null;
  // Asked on every parcel page view: two ids say whether there is another parcel.
  const rows = await db.select({ id: trackings.id }).from(trackings).where(ofOrder(tracking.organizationId, orderKey)).limit(2);
  return rows.length > 1 ? orderPageToken(tracking.organizationId, orderKey) : null;
}
