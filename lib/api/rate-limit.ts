import type { RateLimiterAbstract, RateLimiterRes } from "rate-limiter-flexible";
import type { RateLimitOverrides } from "@/db/schema";
import { sharedRateLimitStore, type StoreFactory } from "@/lib/rate-limit-store";

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

const WINDOW_SECONDS = 1;

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
      limiter = this.factory({ points, durationSeconds: WINDOW_SECONDS, keyPrefix: `wbrl${points}` });
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
  globalState.__waybillRateLimiter ??= sharedRateLimitStore().then((factory) => new RateLimiter(factory));
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
