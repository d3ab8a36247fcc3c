import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRedis, type RateLimiterAbstract, type RateLimiterRes } from "rate-limiter-flexible";
import type { Sql } from "postgres";
import type { RateLimitOverrides } from "@/db/schema";
import { rateLimitStoreClient } from "@/db/shared-pool";
import { env } from "@/lib/env";

export interface RateLimitDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Unix seconds when the current one-second window ends. */
  resetUnixSeconds: number;
}

export interface RateLimitRule {
  /** Bucket name, e.g. "2025-04 GET /trackings/:id" or "v4 GET". */
  bucket: string;
  limit: number;
  /** False for v4 writes: they report the GET bucket without spending from it. */
  consume: boolean;
}

/** Builds the limiter for one ceiling; resolves once its store is ready to count. */
type StoreFactory = (points: number, keyPrefix: string) => Promise<RateLimiterAbstract>;

const WINDOW_SECONDS = 1;

/**
 * Options for a shared store, with this process's memory as insurance: if Redis or Postgres stops
 * answering, requests are counted locally instead of failing.
 */
function insured(points: number, keyPrefix: string) {
  return {
    points,
    duration: WINDOW_SECONDS,
    keyPrefix,
    insuranceLimiter: new RateLimiterMemory({ points, duration: WINDOW_SECONDS, keyPrefix }),
  };
}

async function sharedStoreFactory(): Promise<StoreFactory> {
  const { REDIS_URL, DATABASE_URL, RATE_LIMIT_STORE } = env();
  const store = RATE_LIMIT_STORE ?? (REDIS_URL ? "redis" : DATABASE_URL ? "postgres" : "memory");
  if (store === "redis") {
    if (!REDIS_URL) throw new Error("RATE_LIMIT_STORE=redis needs REDIS_URL");
    const { default: Redis } = await import("ioredis");
    const client = new Redis(REDIS_URL, { enableOfflineQueue: false, lazyConnect: false });
    return async (points, keyPrefix) => new RateLimiterRedis({ ...insured(points, keyPrefix), storeClient: client });
  }
  if (store === "postgres") {
    if (!DATABASE_URL) throw new Error("RATE_LIMIT_STORE=postgres needs DATABASE_URL");
    const { getDatabaseHandle } = await import("@/db/client");
    const { sql } = await getDatabaseHandle();
    if (!sql) throw new Error("RATE_LIMIT_STORE=postgres needs the PostgreSQL database (DATABASE_URL)");
    return postgresStoreFactory(sql);
  }
  return async (points, keyPrefix) => new RateLimiterMemory({ points, duration: WINDOW_SECONDS, keyPrefix });
}

/** Windows counted in PostgreSQL on the process's own pool: counting adds no connections of its own. */
export function postgresStoreFactory(sql: Sql): StoreFactory {
  const pool = rateLimitStoreClient(sql);
  // The Postgres store creates its table asynchronously; counting before that fails.
  return (points, keyPrefix) =>
    new Promise((resolve, reject) => {
      const limiter: RateLimiterPostgres = new RateLimiterPostgres(
        {
          ...insured(points, keyPrefix),
          storeClient: pool,
          storeType: "pool",
          tableName: "rate_limiter_windows",
          clearExpiredByTimeout: true,
        },
        (error?: Error) => (error ? reject(error) : resolve(limiter)),
      );
    });
}

/**
 * Fixed one-second windows per (bucket, caller). In memory on one machine; in Redis or Postgres
 * when several instances must share counts.
 */
export class RateLimiter {
  private readonly limiters = new Map<number, Promise<RateLimiterAbstract>>();

  constructor(private readonly factory: StoreFactory) {}

  private limiterFor(points: number): Promise<RateLimiterAbstract> {
    let limiter = this.limiters.get(points);
    if (!limiter) {
      limiter = this.factory(points, `wbrl${points}`);
      limiter.catch(() => this.limiters.delete(points));
      this.limiters.set(points, limiter);
    }
    return limiter;
  }

  async check(rule: RateLimitRule, callerKey: string, nowMs = Date.now()): Promise<RateLimitDecision> {
    const limiter = await this.limiterFor(rule.limit);
    const key = `${rule.bucket}|${callerKey}`;
    const decide = (res: RateLimiterRes | null, allowed: boolean): RateLimitDecision => ({
      allowed,
      limit: rule.limit,
      remaining: res ? Math.max(0, res.remainingPoints) : rule.limit,
      resetUnixSeconds: Math.ceil((nowMs + (res?.msBeforeNext ?? WINDOW_SECONDS * 1000)) / 1000),
    });
    if (!rule.consume) return decide(await limiter.get(key), true);
    try {
      return decide(await limiter.consume(key, 1), true);
    } catch (rejection) {
      if (rejection instanceof Error) throw rejection;
      return decide(rejection as RateLimiterRes, false);
    }
  }
}

const globalState = globalThis as unknown as { __waybillRateLimiter?: Promise<RateLimiter> };

export function getRateLimiter(): Promise<RateLimiter> {
  globalState.__waybillRateLimiter ??= sharedStoreFactory().then((factory) => new RateLimiter(factory));
  return globalState.__waybillRateLimiter;
}

/** The organisation's override for a bucket, its `*` override, or the table's value. */
export function effectiveLimit(bucket: string, tableLimit: number, overrides: RateLimitOverrides | undefined): number {
  const value = overrides?.[bucket] ?? overrides?.["*"];
  return typeof value === "number" && value > 0 ? value : tableLimit;
}

export function rateLimitHeaders(decision: RateLimitDecision): Record<string, string> {
  return {
    "x-ratelimit-limit": String(decision.limit),
    "x-ratelimit-remaining": String(decision.remaining),
    "x-ratelimit-reset": String(decision.resetUnixSeconds),
  };
}
