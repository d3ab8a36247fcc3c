import { RateLimiterMemory } from "rate-limiter-flexible";

// Ten wrong passwords per address in fifteen minutes, then a pause: slows guessing, spares typos.
const MAX_FAILURES = 10;
const failures = new RateLimiterMemory({ points: MAX_FAILURES, duration: 15 * 60 });

/** Minutes until this address may try again, or 0 when it may try now. */
export async function signInBlockedMinutes(email: string): Promise<number> {
  const state = await failures.get(email);
  if (!state || state.consumedPoints < MAX_FAILURES) return 0;
  return Math.ceil(state.msBeforeNext / 60_000);
}

export async function recordSignInFailure(email: string): Promise<void> {
  await failures.penalty(email, 1);
}

export async function clearSignInFailures(email: string): Promise<void> {
  await failures.delete(email);
}
