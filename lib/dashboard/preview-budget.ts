import { RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { LimitReachedError } from "@/lib/domain-errors";
import { sharedRateLimitStore } from "@/lib/rate-limit-store";

/** Previews one user may ask for a minute: the editor asks once per pause in typing, far fewer. */
export const PREVIEWS_PER_MINUTE = 60;

let limiter: Promise<RateLimiterAbstract> | undefined;

/** Takes one preview from the user's budget (counted in the store every instance shares), or refuses with 429. */
export async function takePreview(userId: string): Promise<void> {
  limiter ??= sharedRateLimitStore().then((store) => store({ points: PREVIEWS_PER_MINUTE, durationSeconds: 60, keyPrefix: "wbpreview" }));
  try {
    await (await limiter).consume(userId, 1);
  } catch (rejection) {
    if (!(rejection instanceof RateLimiterRes)) throw rejection;
    const seconds = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
    throw new LimitReachedError("previews", `Too many previews: at most ${PREVIEWS_PER_MINUTE} a minute. Try again in ${seconds} s.`, true);
  }
}
