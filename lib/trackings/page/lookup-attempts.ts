import { RateLimiterRes } from "rate-limiter-flexible";
import { sharedRateLimitStore, type StoreFactory } from "@/lib/rate-limit-store";

const WINDOW_SECONDS = 15 * 60;
/** Lookups one address may get wrong per window: spares typos, stops guessing order numbers and e-mails. */
export const FAILED_LOOKUPS_PER_ADDRESS = 10;
/** Lookups of any outcome one address may make per window: the page cannot be used to scrape numbers. */
export const LOOKUPS_PER_ADDRESS = 60;

export class LookupThrottled extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super("Too many lookups from this address");
  }
}

type TakeLookup = (address: string) => Promise<{ succeeded(): Promise<void> }>;

/**
 * Takes one lookup from the address's budgets before the database is asked, so a parallel burst
 * cannot outrun the count; a lookup that finds its shipment gives its failure point back. Counted
 * in the store every instance shares.
 */
export function lookupAttempts(store: StoreFactory): TakeLookup {
  const limiters = Promise.all([
    store({ points: FAILED_LOOKUPS_PER_ADDRESS, durationSeconds: WINDOW_SECONDS, keyPrefix: "wbpage-failed" }),
    store({ points: LOOKUPS_PER_ADDRESS, durationSeconds: WINDOW_SECONDS, keyPrefix: "wbpage-all" }),
  ]);
  limiters.catch(() => undefined);
  return async (address) => {
    const [failed, all] = await limiters;
    try {
      await all.consume(address, 1);
      await failed.consume(address, 1);
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      throw new LookupThrottled(Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)));
    }
    return { succeeded: async () => void (await failed.reward(address, 1)) };
  };
}

let shared: Promise<TakeLookup> | undefined;

/** The process's lookup budgets, counted in the shared rate-limit store. */
export async function takeLookup(address: string): Promise<{ succeeded(): Promise<void> }> {
  shared ??= sharedRateLimitStore().then(lookupAttempts);
  return (await shared)(address);
}
