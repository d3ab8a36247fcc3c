import { desc, eq } from "drizzle-orm";
import { apiKeys } from "@/db/schema";
import type { Executor } from "@/db/client";

export async function listApiKeys(db: Executor, organizationId: string) {
  return db
    .select({
      id: apiKeys.id,
      name: apiKeys.name,
      keyStart: apiKeys.keyStart,
      createdAt: apiKeys.createdAt,
      lastUsedAt: apiKeys.lastUsedAt,
      revokedAt: apiKeys.revokedAt,
    })
    .from(apiKeys)
    .where(eq(apiKeys.organizationId, organizationId))
    .orderBy(desc(apiKeys.createdAt));
}
