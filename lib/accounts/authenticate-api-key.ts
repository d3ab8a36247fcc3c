import { eq } from "drizzle-orm";
import { apiKeys, organizations, type Organization } from "@/db/schema";
import type { Database } from "@/db/client";
import { hashApiKey } from "./hash-api-key";

export interface ApiCaller {
  apiKeyId: string;
  organization: Organization;
}

interface CacheEntry {
  caller: ApiCaller | null;
  expiresAtMs: number;
}

// Every request authenticates; a short cache keeps the lookup off the hot path. Revoking in this
// process clears the entry at once; other instances see a revocation within CACHE_TTL_MS.
export const CACHE_TTL_MS = 5_000;
const CACHE_MAX_ENTRIES = 10_000;
const LAST_USED_RESOLUTION_MS = 60_000;
const cache = new Map<string, CacheEntry>();
const lastUsedWrittenAtMs = new Map<string, number>();

export function forgetApiKey(keyHash: string): void {
  cache.delete(keyHash);
}

/** Forget every cached key, e.g. after an organisation's settings changed. */
export function forgetAllApiKeys(): void {
  cache.clear();
}

async function lookup(db: Database, keyHash: string): Promise<ApiCaller | null> {
  const [row] = await db
    .select({ apiKey: apiKeys, organization: organizations })
    .from(apiKeys)
    .innerJoin(organizations, eq(organizations.id, apiKeys.organizationId))
    .where(eq(apiKeys.keyHash, keyHash))
    .limit(1);
  if (!row || row.apiKey.revokedAt) return null;
  return { apiKeyId: row.apiKey.id, organization: row.organization };
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
  let entry = cache.get(keyHash);
  if (!entry || entry.expiresAtMs <= nowMs) {
    entry = { caller: await lookup(db, keyHash), expiresAtMs: nowMs + CACHE_TTL_MS };
    if (cache.size >= CACHE_MAX_ENTRIES) cache.clear();
    cache.set(keyHash, entry);
  }
  if (entry.caller) touchLastUsed(db, entry.caller.apiKeyId, nowMs);
  return entry.caller;
}
