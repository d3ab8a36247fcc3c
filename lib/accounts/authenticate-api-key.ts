import { LRUCache } from "lru-cache";
import { eq } from "drizzle-orm";
import { apiKeys, organizations, type Organization } from "@/db/schema";
import type { Database } from "@/db/client";
import { hashApiKey } from "./hash-api-key";

export interface ApiCaller {
  apiKeyId: string;
  organization: Organization;
  /** The key's sealed API secret (lib/accounts/signing-secret.ts), opened only for signed requests. */
  signingSecretCiphertext: string | null;
}

// Every request authenticates; a short cache keeps the lookup off the hot path. Revoking in this
// process clears the entry at once; other instances see a revocation within CACHE_TTL_MS.
export const CACHE_TTL_MS = 5_000;
const LAST_USED_RESOLUTION_MS = 60_000;
// Keys that exist and keys that do not are cached apart: a flood of made-up keys fills only its
// own bounded cache and cannot push real callers out of theirs.
const known = new LRUCache<string, { caller: ApiCaller; expiresAtMs: number }>({ max: 10_000 });
const unknown = new LRUCache<string, number>({ max: 10_000 });
const lastUsedWrittenAtMs = new LRUCache<string, number>({ max: 10_000 });

export function forgetApiKey(keyHash: string): void {
  known.delete(keyHash);
}

/** Forget every cached key, e.g. after an organisation's settings changed. */
export function forgetAllApiKeys(): void {
  known.clear();
}

async function lookup(db: Database, keyHash: string): Promise<ApiCaller | null> {
  const [row] = await db
    .select({ apiKey: apiKeys, organization: organizations })
    .from(apiKeys)
    .innerJoin(organizations, eq(organizations.id, apiKeys.organizationId))
    .where(eq(apiKeys.keyHash, keyHash))
    .limit(1);
  if (!row || row.apiKey.revokedAt) return null;
  return { apiKeyId: row.apiKey.id, organization: row.organization, signingSecretCiphertext: row.apiKey.signingSecretCiphertext };
}

function touchLastUsed(db: Database, apiKeyId: string, nowMs: number): void {
  const written = lastUsedWrittenAtMs.get(apiKeyId) ?? 0;
  if (nowMs - written < LAST_USED_RESOLUTION_MS) return;
  lastUsedWrittenAtMs.set(apiKeyId, nowMs);
  // Best effort: a lost "last used" stamp must never fail the request.
  db.update(apiKeys)
    .set({ lastUsedAt: new Date(nowMs) })
    .where(eq(apiKeys.id, apiKeyId))
    .catch(() => lastUsedWrittenAtMs.delete(apiKeyId));
}

/** Resolves a presented key to its organisation, or null for unknown and revoked keys. */
export async function authenticateApiKey(db: Database, key: string, nowMs = Date.now()): Promise<ApiCaller | null> {
  const keyHash = hashApiKey(key);
  const cached = known.get(keyHash);
  if (cached && cached.expiresAtMs > nowMs) {
    touchLastUsed(db, cached.caller.apiKeyId, nowMs);
    return cached.caller;
  }
  if ((unknown.get(keyHash) ?? 0) > nowMs) return null;
  const caller = await lookup(db, keyHash);
  if (!caller) {
    known.delete(keyHash);
    unknown.set(keyHash, nowMs + CACHE_TTL_MS);
    return null;
  }
  known.set(keyHash, { caller, expiresAtMs: nowMs + CACHE_TTL_MS });
  touchLastUsed(db, caller.apiKeyId, nowMs);
  return caller;
}
