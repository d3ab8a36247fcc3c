import { and, eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { stores } from "@/db/schema";
import { NotFoundError } from "@/lib/domain-errors";
import { errorSummary } from "@/lib/log-server-error";
import { log } from "@/lib/observability/log";
import { storeClientFor } from "./store-client-for";

/**
 * Disconnects a store: its webhook subscriptions are removed from the store (best effort: a store
 * that no longer answers cannot keep Waybill from letting go), and with the store go its intake and
 * write-back. The trackings it brought stay, followed as any other.
 */
export async function removeStore(db: Database, organizationId: string, storeId: string): Promise<void> {
  const [store] = await db
    .select()
    .from(stores)
    .where(and(eq(stores.organizationId, organizationId), eq(stores.id, storeId)));
  if (!store) throw new NotFoundError("store", "No such store in this organisation.");
  try {
    await storeClientFor(store).unsubscribe(store.webhookIds);
  } catch (error) {
    log().warn({ event: "store_unsubscribe_failed", storeId, error: errorSummary(error) }, "Waybill stores: the store's webhooks could not be removed");
  }
  await db.delete(stores).where(eq(stores.id, storeId));
}
