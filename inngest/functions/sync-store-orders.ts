import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { stores } from "@/db/schema";
import { inngest } from "@/lib/events/client";
import { storeOrderChanged } from "@/lib/events/events";
import { storeClientFor } from "@/lib/stores/store-client-for";
import { syncStoreOrder } from "@/lib/stores/sync-store-order";

/**
 * A store said an order changed: read it from the store (the webhook's body may be older than the
 * order, so the store is asked) and bring its fulfilments in. One order at a time per store and
 * order, so a burst of webhooks about it never makes the same tracking twice.
 */
export const syncStoreOrders = inngest.createFunction(
  {
    id: "sync-store-order",
    priority: { run: "60" },
    triggers: [storeOrderChanged],
    concurrency: { limit: 1, key: 'event.data.storeId + ":" + event.data.orderId' },
  },
  async ({ event, step }) => {
    const { storeId, orderId } = event.data;
    return step.run("sync", async () => {
      const db = await getDb();
      const [store] = await db.select().from(stores).where(eq(stores.id, storeId));
      // Disconnected since: its orders no longer come in.
      if (!store) return { created: 0, ended: 0 };
      const order = await storeClientFor(store).order(orderId);
      return order ? syncStoreOrder(db, store, order, new Date()) : { created: 0, ended: 0 };
    });
  },
);
