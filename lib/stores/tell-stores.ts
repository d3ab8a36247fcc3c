import { and, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { type Store, storeShipments, stores, trackings } from "@/db/schema";
import { countryAlpha2 } from "@/lib/countries";
import { getCourier } from "@/lib/couriers/get-courier";
import { NotFoundError } from "@/lib/domain-errors";
import { getTrackingOrThrow } from "@/lib/trackings/get-tracking-or-throw";
import { trackingPageUrl } from "@/lib/trackings/page/links";
import type { TrackingRecord } from "@/lib/trackings/tracking-record";
import { fulfilmentStatusOf } from "./shopify/fulfillment-status";
import { storeClientFor } from "./store-client-for";
import type { TrackingNews } from "./store-order";

/** A parcel's store and place in it, for each store that shipped it (normally one). */
async function storeShipmentsOf(db: Database, organizationId: string, trackingId: string) {
  return db
    .select({ shipment: storeShipments, store: stores })
    .from(storeShipments)
    .innerJoin(stores, eq(stores.id, storeShipments.storeId))
    .where(and(eq(storeShipments.organizationId, organizationId), eq(storeShipments.trackingId, trackingId), isNull(storeShipments.endedAt)));
}

/** The parcels of one fulfilment (or one order) still followed, with their trackings' status. */
async function parcelsOf(db: Database, store: Store, where: { fulfillmentId: string } | { orderId: string }) {
  return db
    .select({ tag: trackings.tag, subtag: trackings.subtag, toldStatus: storeShipments.toldStatus })
    .from(storeShipments)
    .innerJoin(trackings, and(eq(trackings.organizationId, storeShipments.organizationId), eq(trackings.id, storeShipments.trackingId)))
    .where(
      and(
        eq(storeShipments.storeId, store.id),
        "fulfillmentId" in where ? eq(storeShipments.fulfillmentId, where.fulfillmentId) : eq(storeShipments.orderId, where.orderId),
        isNull(storeShipments.endedAt),
      ),
    );
}

function newsOf(record: TrackingRecord, changedAt: string): TrackingNews {
  const { tracking } = record;
  const latest = record.checkpoints.at(-1);
  return {
    tag: tracking.tag,
    subtag: tracking.subtag,
    happenedAt: latest?.occurredAt?.toISOString() ?? changedAt,
    message: latest?.message || tracking.subtagMessage || null,
    city: latest?.city ?? null,
    country: countryAlpha2(latest?.countryIso3) ?? latest?.countryName ?? null,
    estimatedDelivery: (tracking.expectedDelivery ?? tracking.waybillEstimate?.estimated_delivery_date ?? null)?.slice(0, 10) ?? null,
    trackingPageUrl: trackingPageUrl(tracking.organizationId, tracking.id),
    courierName: getCourier(tracking.slug)?.name ?? tracking.slug,
    trackingNumber: tracking.trackingNumber,
  };
}

/**
 * Claims telling `status` for a fulfilment: true when this change is the one to tell it (no other
 * told it, or this change claimed it before and its sending failed). Atomic, so two parcels of one
 * fulfilment changing at once tell it once.
 */
async function claim(db: Database, storeId: string, fulfillmentId: string, status: string, eventId: string): Promise<boolean> {
  const fulfilment = and(eq(storeShipments.storeId, storeId), eq(storeShipments.fulfillmentId, fulfillmentId), isNull(storeShipments.endedAt));
  const claimed = await db
    .update(storeShipments)
    .set({ toldStatus: status, toldBy: eventId, toldAt: null })
    .where(and(fulfilment, sql`${storeShipments.toldStatus} is distinct from ${status}`))
    .returning({ trackingId: storeShipments.trackingId });
  if (claimed.length) return true;
  const [unfinished] = await db
    .select({ trackingId: storeShipments.trackingId })
    .from(storeShipments)
    .where(and(fulfilment, eq(storeShipments.toldBy, eventId), isNull(storeShipments.toldAt)))
    .limit(1);
  return Boolean(unfinished);
}

/**
 * Tells each store that shipped this tracking about its new status, once per status of the
 * fulfilment: Shopify as a fulfilment event with the fulfilment's status (its parcels together), and
 * on its first news the fulfilment's link to Waybill's page if asked; WooCommerce as an order note
 * per parcel, and the order completed once every parcel is delivered if asked. Throws when a store
 * fails, so the caller retries; the retry sends what this change claimed.
 */
export async function tellStores(db: Database, organizationId: string, trackingId: string, change: { eventId: string; changedAt: string }): Promise<number> {
  const shipments = await storeShipmentsOf(db, organizationId, trackingId);
  if (!shipments.length) return 0;
  const record = await getTrackingOrThrow(db, organizationId, { id: trackingId }).catch((error: unknown) => {
    if (error instanceof NotFoundError) return null;
    throw error;
  });
  if (!record) return 0;
  const news = newsOf(record, change.changedAt);
  let sent = 0;
  for (const { shipment, store } of shipments) {
    const parcels = await parcelsOf(db, store, { fulfillmentId: shipment.fulfillmentId });
    const status = store.platform === "shopify" ? fulfilmentStatusOf(parcels) : news.tag;
    if (!status || !(await claim(db, store.id, shipment.fulfillmentId, status, change.eventId))) continue;
    const firstNews = parcels.every((parcel) => parcel.toldStatus === null);
    const orderParcels = store.settings.completeOnDelivery && news.tag === "Delivered" ? await parcelsOf(db, store, { orderId: shipment.orderId }) : [];
    await storeClientFor(store).tell(shipment, store.platform === "shopify" ? { ...news, fulfilmentStatus: status } : news, {
      setTrackingUrl: Boolean(store.settings.setTrackingUrl) && firstNews && parcels.length === 1,
      completeOrder: orderParcels.length > 0 && orderParcels.every((parcel) => parcel.tag === "Delivered"),
    });
    await db
      .update(storeShipments)
      .set({ toldAt: new Date() })
      .where(and(eq(storeShipments.storeId, store.id), eq(storeShipments.fulfillmentId, shipment.fulfillmentId), eq(storeShipments.toldBy, change.eventId)));
    sent += 1;
  }
  return sent;
}
