import { apiKeys, type ApiKey } from "@/db/schema";
import type { Executor } from "@/db/client";
import { newId } from "@/lib/ids";
import { generateApiKey } from "./hash-api-key";

export interface CreatedApiKey {
  apiKey: ApiKey;
  /** The only time the plaintext key exists outside the caller's hands. */
  key: string;
}

export async function createApiKey(db: Executor, organizationId: string, name: string): Promise<CreatedApiKey> {
  const { key, keyHash, keyStart } = generateApiKey();
  const [apiKey] = await db
    .insert(apiKeys)
    .values({ id: newId(), organizationId, name: name.trim() || "API key", keyHash, keyStart })
    .returning();
  return { apiKey: apiKey!, key };
}
