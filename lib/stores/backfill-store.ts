import { eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { type StoreBackfill, stores } from "@/db/schema";
import { storeClientFor } from "./store-client-for";
import { syncStoreOrder } from "./sync-store-order";

/**
 * One page of a store's backfill: reads the orders from where the last page stopped (the cursor is
 * kept on the store, so a restart goes on from there), brings them in, and moves the cursor.
 * Returns whether more pages remain.
 */
export async function backfillStorePage(db: Database, storeId: string, now: Date): Promise<boolean> {
  const [store] = await db.select().from(stores).where(eq(stores.id, storeId));
  const backfill = store?.backfill;
  if (!store || backfill?.status !== "running") return false;
  const page = await storeClientFor(store).ordersPage(new Date(backfill.since), backfill.cursor);
  let trackings = 0;
  for (const order of page.orders) trackings += (await syncStoreOrder(db, store, order, now)).created;
  const next: StoreBackfill = {
    ...backfill,
    cursor: page.next,
    orders: backfill.orders + page.orders.length,
    trackings: backfill.trackings + trackings,
    ...(page.next ? {} : { status: "done" as const, finishedAt: now.toISOString() }),
  };
  await db.update(stores).set({ backfill: next, updatedAt: now }).where(eq(stores.id, storeId));
  return page.next !== null;
}

/** The backfill gave up (the store kept failing): said on the store, where Settings shows it. */
export async function failStoreBackfill(db: Database, storeId: string, reason: string, now: Date): Promise<void> {
  const [store] = await db.select().from(stores).where(eq(stores.id, storeId));
  if (!store?.backfill) return;
  await db
    .update(stores)
    .set({ backfill: { ...store.backfill, status: "failed", error: reason, finishedAt: now.toISOString() }, updatedAt: now })
    .where(eq(stores.id, storeId));
}
