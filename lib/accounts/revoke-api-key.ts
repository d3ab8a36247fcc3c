import { and, eq, isNull } from "drizzle-orm";
import { apiKeys } from "@/db/schema";
import type { Executor } from "@/db/client";
import { forgetApiKey } from "./authenticate-api-key";

/** Returns false when the organisation has no such live key. */
export async function revokeApiKey(db: Executor, organizationId: string, apiKeyId: string): Promise<boolean> {
  const revoked = await db
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiKeys.id, apiKeyId), eq(apiKeys.organizationId, organizationId), isNull(apiKeys.revokedAt)))
    .returning({ keyHash: apiKeys.keyHash });
  for (const { keyHash } of revoked) forgetApiKey(keyHash);
  return revoked.length > 0;
}
