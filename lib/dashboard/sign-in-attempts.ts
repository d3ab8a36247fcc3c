import { RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { sharedRateLimitStore, type StoreFactory } from "@/lib/rate-limit-store";

const WINDOW_SECONDS = 15 * 60;
/** Wrong passwords one address may try on one account per window: spares typos, slows guessing. */
export const TRIES_PER_ACCOUNT_AND_ADDRESS = 10;
/** Attempts one address may make on any accounts per window: spraying many e-mails is slowed too. */
export const TRIES_PER_ADDRESS = 30;

type TakeAttempt = (email: string, address: string) => Promise<() => Promise<void>>;

export class SignInThrottled extends Error {
  constructor(readonly retryAfterMinutes: number) {
    super(`Too many sign-in attempts from your network. Try again in ${retryAfterMinutes} minute${retryAfterMinutes === 1 ? "" : "s"}.`);
  }
}

/**
 * Takes one attempt from the address's budgets before the password is checked, so a parallel
 * burst cannot outrun the count. The counts are kept per address (and per address and account),
 * in the store every instance shares: the source is slowed, the account itself is never locked.
 * Returns the refund to call once the password proved right.
 */
export function signInAttempts(store: StoreFactory): TakeAttempt {
  const limiters = Promise.all([
    store({ points: TRIES_PER_ACCOUNT_AND_ADDRESS, durationSeconds: WINDOW_SECONDS, keyPrefix: "wbsignin-pair" }),
    store({ points: TRIES_PER_ADDRESS, durationSeconds: WINDOW_SECONDS, keyPrefix: "wbsignin-addr" }),
  ]);
  limiters.catch(() => undefined);
  return async (email, address) => {
    const [pair, perAddress] = await limiters;
    return take(pair, perAddress, email, address);
  };
}

async function take(pair: RateLimiterAbstract, perAddress: RateLimiterAbstract, email: string, address: string): Promise<() => Promise<void>> {
  const pairKey = `${address}|${email}`;
  try {
    await perAddress.consume(address, 1);
    await pair.consume(pairKey, 1);
  } catch (rejection) {
    if (!(rejection instanceof RateLimiterRes)) throw rejection;
    throw new SignInThrottled(Math.max(1, Math.ceil(rejection.msBeforeNext / 60_000)));
  }
  return async () => {
    await Promise.all([pair.reward(pairKey, 1), perAddress.reward(address, 1)]);
  };
}

let shared: Promise<TakeAttempt> | undefined;

/** The process's sign-in budgets, counted in the shared rate-limit store. */
export async function takeSignInAttempt(email: string, address: string): Promise<() => Promise<void>> {
  shared ??= sharedRateLimitStore().then(signInAttempts);
  return (await shared)(email, address);
}
