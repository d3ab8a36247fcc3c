import { asc, eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { type Store, stores } from "@/db/schema";

/** The organisation's connected stores, oldest first. */
export async function listStores(db: Database, organizationId: string): Promise<Store[]> {
  return db.select().from(stores).where(eq(stores.organizationId, organizationId)).orderBy(asc(stores.createdAt));
}
