import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRedis, type RateLimiterAbstract } from "rate-limiter-flexible";
import type { Sql } from "postgres";
import { rateLimitStoreClient } from "@/db/shared-pool";
import { env } from "@/lib/env";

export interface WindowOptions {
  points: number;
  durationSeconds: number;
  keyPrefix: string;
}

/** Builds a limiter for one ceiling and window; resolves once its store is ready to count. */
export type StoreFactory = (options: WindowOptions) => Promise<RateLimiterAbstract>;

/**
 * Options for a shared store, with this process's memory as insurance: if Redis or Postgres stops
 * answering, attempts are counted locally instead of failing.
 */
function insured({ points, durationSeconds, keyPrefix }: WindowOptions) {
  const window = { points, duration: durationSeconds, keyPrefix };
  return { ...window, insuranceLimiter: new RateLimiterMemory(window) };
}

async function sharedStoreFactory(): Promise<StoreFactory> {
  const { REDIS_URL, DATABASE_URL, RATE_LIMIT_STORE } = env();
  const store = RATE_LIMIT_STORE ?? (REDIS_URL ? "redis" : DATABASE_URL ? "postgres" : "memory");
  if (store === "redis") {
    if (!REDIS_URL) throw new Error("RATE_LIMIT_STORE=redis needs REDIS_URL");
    const { default: Redis } = await import("ioredis");
    const client = new Redis(REDIS_URL, { enableOfflineQueue: false, lazyConnect: false });
    return async (options) => new RateLimiterRedis({ ...insured(options), storeClient: client });
  }
  if (store === "postgres") {
    if (!DATABASE_URL) throw new Error("RATE_LIMIT_STORE=postgres needs DATABASE_URL");
    const { getDatabaseHandle } = await import("@/db/client");
    const { sql } = await getDatabaseHandle();
    if (!sql) throw new Error("RATE_LIMIT_STORE=postgres needs the PostgreSQL database (DATABASE_URL)");
    return postgresStoreFactory(sql);
  }
  return async ({ points, durationSeconds, keyPrefix }) => new RateLimiterMemory({ points, duration: durationSeconds, keyPrefix });
}

/**
 * Windows counted in PostgreSQL on the process's own pool: counting adds no connections of its own.
 * The table comes from the migrations (0017), so limiters made at once never race to create it.
 */
export function postgresStoreFactory(sql: Sql): StoreFactory {
  const pool = rateLimitStoreClient(sql);
  // With `tableCreated` the limiter runs no setup query, so it is ready as soon as it is made.
  return async (options) =>
    new RateLimiterPostgres({
      ...insured(options),
      storeClient: pool,
      storeType: "pool",
      tableName: "rate_limiter_windows",
      tableCreated: true,
      clearExpiredByTimeout: true,
    });
}

const globalState = globalThis as unknown as { __waybillStoreFactory?: Promise<StoreFactory> };

/**
 * The store every limiter of the process counts in: memory on one machine; Redis or PostgreSQL
 * (`RATE_LIMIT_STORE`) when several instances must share counts (API windows, sign-in attempts).
 */
export function sharedRateLimitStore(): Promise<StoreFactory> {
  globalState.__waybillStoreFactory ??= sharedStoreFactory();
  return globalState.__waybillStoreFactory;
}
