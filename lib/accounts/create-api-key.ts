import { apiKeys, type ApiKey } from "@/db/schema";
import type { Executor } from "@/db/client";
import { newId, randomSecret } from "@/lib/ids";
import { sealSigningSecret } from "./signing-secret";
import { generateApiKey } from "./hash-api-key";

export interface CreatedApiKey {
  apiKey: ApiKey;
  /** The only time the plaintext key exists outside the caller's hands. */
  key: string;
  /** Its API secret, for clients that sign requests (shown once, like the key). */
  secret: string;
}

const API_SECRET_LENGTH = 40;

export async function createApiKey(db: Executor, organizationId: string, name: string): Promise<CreatedApiKey> {
  const { key, keyHash, keyStart } = generateApiKey();
  const id = newId();
  const secret = randomSecret(API_SECRET_LENGTH);
  const [apiKey] = await db
    .insert(apiKeys)
    .values({ id, organizationId, name: name.trim() || "API key", keyHash, keyStart, signingSecretCiphertext: sealSigningSecret(organizationId, id, secret) })
    .returning();
  return { apiKey: apiKey!, key, secret };
}
