import { createHash } from "node:crypto";
import canonicalize from "canonicalize";
import { and, eq, lt, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { idempotencyKeys, type StoredApiAnswer } from "@/db/schema";
import { ApiError } from "./errors";

/** How long a key answers with its first answer (and blocks another body). */
export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;
/** A first request still unanswered after this long died with its process: a retry may run it again. */
const ABANDONED_AFTER_MS = 60 * 1000;
const KEY_FORMAT = /^[\x21-\x7e]{1,255}$/;

export interface IdempotentRequest {
  organizationId: string;
  key: string;
  requestHash: string;
}

export type IdempotencyClaim = { kind: "run"; request: IdempotentRequest } | { kind: "replay"; answer: StoredApiAnswer };

/** The `Idempotency-Key` header checked, or null when absent. */
export function idempotencyKeyOf(request: Request): string | null {
  const key = request.headers.get("idempotency-key");
  if (key === null) return null;
  if (!KEY_FORMAT.test(key)) {
    throw new ApiError(400, "The value of the `Idempotency-Key` header is invalid: use 1 to 255 visible ASCII characters (a UUID, say).");
  }
  return key;
}

/** What makes two requests "the same": version, method, path and the body's JSON, key order aside. */
export function requestHashOf(version: string, method: string, path: string[], body: unknown): string {
  return createHash("sha256")
    .update(`${version} ${method} /${path.join("/")}\n${canonicalize(body ?? null) ?? ""}`)
    .digest("hex");
}

/**
 * Takes the key for this request, or finds the answer it already has. One statement decides, so
 * concurrent retries on any instance agree: exactly one runs, the others wait for its answer.
 */
export async function claimIdempotencyKey(db: Database, request: IdempotentRequest, now = new Date()): Promise<IdempotencyClaim> {
  const expired = new Date(now.getTime() - IDEMPOTENCY_WINDOW_MS);
  const abandoned = new Date(now.getTime() - ABANDONED_AFTER_MS);
  // Expired keys of the organisation go as it sends new ones: no sweeper needed.
  await db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.organizationId, request.organizationId), lt(idempotencyKeys.createdAt, expired)));
  const claimed = await db
    .insert(idempotencyKeys)
    .values({ ...request, answer: null, createdAt: now })
    .onConflictDoUpdate({
      target: [idempotencyKeys.organizationId, idempotencyKeys.key],
      set: { requestHash: request.requestHash, answer: null, createdAt: now },
      setWhere: sql`${idempotencyKeys.answer} is null and ${idempotencyKeys.createdAt} < ${abandoned.toISOString()}`,
    })
    .returning({ key: idempotencyKeys.key });
  if (claimed.length) return { kind: "run", request };

  const [existing] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.organizationId, request.organizationId), eq(idempotencyKeys.key, request.key)))
    .limit(1);
  if (!existing) return claimIdempotencyKey(db, request, now);
  if (existing.requestHash !== request.requestHash) {
    throw new ApiError(
      409,
      "The `Idempotency-Key` was already used with another request (a different body, path or version): send a new key for a new request.",
    );
  }
  if (!existing.answer) {
    throw new ApiError(409, "A request with this `Idempotency-Key` is still being answered: retry in a moment.");
  }
  return { kind: "replay", answer: existing.answer };
}

/** Keeps the first answer for retries. */
export async function storeIdempotentAnswer(db: Database, request: IdempotentRequest, answer: StoredApiAnswer): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({ answer })
    .where(
      and(
        eq(idempotencyKeys.organizationId, request.organizationId),
        eq(idempotencyKeys.key, request.key),
        eq(idempotencyKeys.requestHash, request.requestHash),
      ),
    );
}

/** Our side failed (a 5xx): the key is freed, so a retry runs the request again. */
export async function releaseIdempotencyKey(db: Database, request: IdempotentRequest): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.organizationId, request.organizationId),
        eq(idempotencyKeys.key, request.key),
        eq(idempotencyKeys.requestHash, request.requestHash),
      ),
    );
}
