import { and, asc, desc, eq, or, sql, type SQL } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { preparedOrBuilt } from "@/db/prepared";
import { checkpoints, storeOrders, trackings, type Tracking } from "@/db/schema";
import { feedbackOf, type GivenFeedback } from "../feedback/feedback-of";
import { preparedRecords } from "../tracking-record";
import type { PageLanguage } from "../shopper-texts";
import { pageShipment, type PageShipment, type PageShipmentOptions } from "./page-view";
import { orderPageToken, readOrderPageToken, trackingPageToken } from "./token";

/** An order's parcels are looked at together; an order of more is not one shopper's order. */
const MAX_PARCELS = 50;

/** The key an order's trackings share: the number the shop gave it, else its id. */
export const orderKeyOf = (tracking: Pick<Tracking, "orderNumber" | "orderId">): string | null => tracking.orderNumber ?? tracking.orderId ?? null;

// Every order page view and lookup reads these: prepared once per database (drizzle would build
// their SQL afresh each time, which costs more CPU than the indexed reads themselves).
const ofOrder = (): SQL =>
  and(
    eq(trackings.organizationId, sql.placeholder("organizationId")),
    or(eq(trackings.orderNumber, sql.placeholder("orderKey")), eq(trackings.orderId, sql.placeholder("orderKey"))),
  )!;
const newestActivityFirst = [desc(trackings.lastUpdatedAt), desc(trackings.id)];

const trackingsOfOrder = (db: Executor) =>
  preparedOrBuilt(db, "trackings-of-order", () =>
    db
      .select()
      .from(trackings)
      .where(ofOrder())
      .orderBy(...newestActivityFirst)
      .limit(MAX_PARCELS)
      .prepare("trackings_of_order"),
  );

// The order page takes the parcels with their scans in one round trip.
const trackingsOfOrderWithCheckpoints = (db: Executor) =>
  preparedOrBuilt(db, "trackings-of-order-with-checkpoints", () =>
    preparedRecords(
      db,
      db.query.trackings.findMany({
        where: ofOrder(),
        orderBy: newestActivityFirst,
        limit: MAX_PARCELS,
        with: { checkpoints: { orderBy: asc(checkpoints.position) } },
      }),
      "trackings_of_order_with_checkpoints",
    ),
  );

const twoOfOrder = (db: Executor) =>
  preparedOrBuilt(db, "two-of-order", () => db.select({ id: trackings.id }).from(trackings).where(ofOrder()).limit(2).prepare("two_of_order"));

const storeOrdersOf = (db: Executor) =>
  preparedOrBuilt(db, "store-orders-of-order", () =>
    db
      .select({ unshippedItems: storeOrders.unshippedItems, cancelled: storeOrders.cancelled })
      .from(storeOrders)
      .where(
        and(
          eq(storeOrders.organizationId, sql.placeholder("organizationId")),
          or(eq(storeOrders.name, sql.placeholder("orderKey")), sql`${storeOrders.orderId} = any(${sql.placeholder("orderIds")})`),
        ),
      )
      .limit(5)
      .prepare("store_orders_of_order"),
  );

/** The organisation's trackings of one order (by its number or id), newest activity first. */
export async function orderTrackings(db: Executor, organizationId: string, orderKey: string): Promise<Tracking[]> {
  return trackingsOfOrder(db).execute({ organizationId, orderKey });
}

/** Items of the order not shipped yet, from the connected store's order (none without a store). */
export async function preparingItems(db: Executor, organizationId: string, orderKey: string, parcels: Tracking[]): Promise<string[]> {
  const orderIds = [...new Set([orderKey, ...parcels.map((parcel) => parcel.orderId).filter((id): id is string => Boolean(id))])];
  const rows = await storeOrdersOf(db).execute({ organizationId, orderKey, orderIds });
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
  const records = await trackingsOfOrderWithCheckpoints(db).execute({ organizationId, orderKey });
  if (!records.length) return null;
  const rows = records.map((record) => record.tracking);
  const [preparing, feedback] = await Promise.all([
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
  const rows = await twoOfOrder(db).execute({ organizationId: tracking.organizationId, orderKey });
  return rows.length > 1 ? orderPageToken(tracking.organizationId, orderKey) : null;
}
