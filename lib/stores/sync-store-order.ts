import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "@/db/client";
import { type Organization, organizations, type Store, storeOrders, storeShipments, trackings } from "@/db/schema";
import { countryIso3 } from "@/lib/countries";
import { ConflictError, DomainError } from "@/lib/domain-errors";
import { log } from "@/lib/observability/log";
import { createTracking } from "@/lib/trackings/create-tracking";
import { reachableEmail, reachablePhone } from "@/lib/trackings/validate-contacts";
import { slugOfCarrierName } from "./carrier-names";
import type { StoreOrderSnapshot } from "./store-order";

/** The tracking's fields from the order: who it is for, where it goes, what is in it. */
function fieldsOf(order: StoreOrderSnapshot) {
  return {
    orderId: order.orderId,
    orderNumber: order.name,
    orderDate: order.placedAt,
    customerName: order.customerName,
    emails: [reachableEmail(order.email)].filter((email) => email !== null),
    smses: [reachablePhone(order.phone)].filter((phone) => phone !== null),
    destinationPostalCode: order.destination.postalCode,
    destinationCountryIso3: countryIso3(order.destination.countryIso2),
    destinationCity: order.destination.city,
    destinationState: order.destination.state,
    title: (order.items.join(", ") || order.name).slice(0, 512),
  };
}

const storeSource = (store: Pick<Store, "platform" | "shop">) => `${store.platform}:${store.shop.replace(/^https?:\/\//, "")}`;

/** The tracking a number becomes: a new one, or the organisation's own already following it. Null: it cannot be tracked. */
async function trackingFor(
  db: Database,
  organization: Organization,
  store: Store,
  order: StoreOrderSnapshot,
  parcel: { number: string; company: string | null },
) {
  const slug = slugOfCarrierName(parcel.company);
  try {
    const created = await createTracking(db, organization, {
      trackingNumber: parcel.number,
      slugs: slug ? [slug] : [],
      fields: fieldsOf(order),
      source: storeSource(store),
    });
    return created.tracking.id;
  } catch (error) {
    if (error instanceof ConflictError) return (error.data as { tracking?: { id?: string } }).tracking?.id ?? null;
    if (!(error instanceof DomainError)) throw error;
    log().info({ event: "store_parcel_skipped", storeId: store.id, reason: error.message }, "Waybill stores: a parcel could not be tracked");
    return null;
  }
}

/** Starts or stops following trackings as their numbers come and go. */
async function setFollowed(db: Database, organizationId: string, trackingIds: string[], followed: boolean, now: Date) {
  if (!trackingIds.length) return;
  await db
    .update(trackings)
    .set(followed ? { active: true, nextPollAt: now, updatedAt: now } : { active: false, nextPollAt: null, updatedAt: now })
    .where(and(eq(trackings.organizationId, organizationId), inArray(trackings.id, trackingIds)));
}

/**
 * Brings an order as the store now tells it into Waybill: each tracking number of its fulfilments
 * becomes a tracking with the order's data (once: the store's parcel is remembered), a number no
 * longer there (removed, its fulfilment or the order cancelled) stops being followed, and the order
 * is remembered with whether it has shipped. Idempotent: the same order twice changes nothing.
 */
export async function syncStoreOrder(db: Database, store: Store, order: StoreOrderSnapshot, now: Date): Promise<{ created: number; ended: number }> {
  const wanted = order.cancelled
    ? []
    : order.fulfilments
        .filter((fulfilment) => !fulfilment.cancelled)
        .flatMap((fulfilment) => fulfilment.parcels.map((parcel) => ({ fulfillmentId: fulfilment.id, ...parcel })));
  const orderRow = {
    organizationId: store.organizationId,
    storeId: store.id,
    orderId: order.orderId,
    name: order.name,
    placedAt: new Date(order.placedAt),
    paid: order.paid,
    shipped: order.cancelled || wanted.length > 0,
    cancelled: order.cancelled,
    customerName: order.customerName,
    items: order.items,
    unshippedItems: order.unshippedItems,
    updatedAt: now,
  };
  await db
    .insert(storeOrders)
    .values(orderRow)
    .onConflictDoUpdate({ target: [storeOrders.storeId, storeOrders.orderId], set: orderRow });

  const known = await db
    .select()
    .from(storeShipments)
    .where(and(eq(storeShipments.storeId, store.id), eq(storeShipments.orderId, order.orderId)));
  const keyOf = (shipment: { fulfillmentId: string; number?: string; trackingNumber?: string }) =>
    `${shipment.fulfillmentId}|${shipment.number ?? shipment.trackingNumber}`;
  const knownByKey = new Map(known.map((shipment) => [keyOf(shipment), shipment]));
  const wantedKeys = new Set(wanted.map(keyOf));

  let created = 0;
  const resumed: string[] = [];
  let organization: Organization | undefined;
  for (const parcel of wanted) {
    const existing = knownByKey.get(keyOf(parcel));
    if (existing) {
      if (existing.endedAt) resumed.push(existing.trackingId);
      continue;
    }
    // Read once per order, and only when a parcel is new.
    organization ??= (await db.select().from(organizations).where(eq(organizations.id, store.organizationId)))[0]!;
    const trackingId = await trackingFor(db, organization, store, order, parcel);
    if (!trackingId) continue;
    await db
      .insert(storeShipments)
      .values({
        organizationId: store.organizationId,
        storeId: store.id,
        orderId: order.orderId,
        fulfillmentId: parcel.fulfillmentId,
        trackingNumber: parcel.number,
        trackingId,
      })
      .onConflictDoNothing();
    // Its status changes are news to the store from now on (the condition on tell-stores reads it).
    await db
      .update(trackings)
      .set({ storeShipped: true })
      .where(and(eq(trackings.organizationId, store.organizationId), eq(trackings.id, trackingId)));
    created += 1;
  }
  const dropped = known.filter((shipment) => !shipment.endedAt && !wantedKeys.has(keyOf(shipment)));
  const changed = [
    ...dropped.map((shipment) => ({ shipment, endedAt: now })),
    ...known.filter((shipment) => resumed.includes(shipment.trackingId)).map((shipment) => ({ shipment, endedAt: null })),
  ];
  for (const { shipment, endedAt } of changed)
    await db
      .update(storeShipments)
      .set({ endedAt })
      .where(
        and(
          eq(storeShipments.storeId, store.id),
          eq(storeShipments.fulfillmentId, shipment.fulfillmentId),
          eq(storeShipments.trackingNumber, shipment.trackingNumber),
        ),
      );
  await setFollowed(
    db,
    store.organizationId,
    dropped.map((shipment) => shipment.trackingId),
    false,
    now,
  );
  await setFollowed(db, store.organizationId, resumed, true, now);
  return { created, ended: dropped.length };
}
