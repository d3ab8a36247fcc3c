import { type RateLimiterAbstract, RateLimiterRes } from "rate-limiter-flexible";
import { sharedRateLimitStore } from "@/lib/rate-limit-store";

/** Answers one address may send per hour: a household rates its deliveries, a script is stopped. */
export const FEEDBACK_PER_ADDRESS = 20;

export class FeedbackThrottled extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super("Too many answers from this address");
  }
}

let limiter: Promise<RateLimiterAbstract> | undefined;

/** Takes one answer from the address's hourly budget, counted in the store every instance shares. */
export async function takeFeedbackAttempt(address: string): Promise<void> {
  limiter ??= sharedRateLimitStore().then((store) => store({ points: FEEDBACK_PER_ADDRESS, durationSeconds: 3600, keyPrefix: "wbfeedback" }));
  try {
    await (await limiter).consume(address, 1);
  } catch (rejection) {
    if (!(rejection instanceof RateLimiterRes)) throw rejection;
    throw new FeedbackThrottled(Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)));
  }
}
