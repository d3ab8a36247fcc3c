import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import { CarrierError } from "@/lib/carriers/types";

/** A carrier quota per credential: `points` calls per `durationSeconds`. */
export interface RateLimit {
  points: number;
  durationSeconds: number;
}

/** "60/3600" → 60 calls per hour; "off", empty or malformed → no client-side limit. */
export function parseRateLimit(value: string | undefined): RateLimit | null {
  const match = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(value ?? "");
  if (!match || Number(match[1]) === 0 || Number(match[2]) === 0) return null;
  return { points: Number(match[1]), durationSeconds: Number(match[2]) };
}

// Waiting longer than this holds a poll open; better to hand the wait back to the scheduler.
const MAX_WAIT_MS = 2_000;

/**
 * Keeps calls under a carrier's quota before the carrier has to say 429: short waits are
 * absorbed, longer ones become `CarrierError("rate_limited")` with the seconds to wait.
 */
export class RequestThrottle {
  private readonly limiter: RateLimiterMemory | null;

  constructor(
    private readonly carrier: string,
    limit: RateLimit | null | undefined,
  ) {
    this.limiter = limit ? new RateLimiterMemory({ points: limit.points, duration: limit.durationSeconds }) : null;
  }

  async acquire(key: string): Promise<void> {
    if (!this.limiter) return;
    for (;;) {
      try {
        await this.limiter.consume(key);
        return;
      } catch (rejection) {
        if (!(rejection instanceof RateLimiterRes)) throw rejection;
        if (rejection.msBeforeNext > MAX_WAIT_MS) {
          throw new CarrierError("rate_limited", `${this.carrier} quota for this connection is used up`, Math.ceil(rejection.msBeforeNext / 1000));
        }
        await new Promise((resolve) => setTimeout(resolve, rejection.msBeforeNext));
      }
    }
  }
}
