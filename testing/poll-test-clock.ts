import { vi } from "vitest";
import { ManualClock } from "@/testing/inngest";

/**
 * For poll flow tests: the runner's manual clock, with `new Date()` following it, so the domain
 * code (claims, schedules, the testing courier) reads the same time as the runner. Call
 * `vi.useFakeTimers({ toFake: ["Date"] })` before using it.
 */
export class PollTestClock extends ManualClock {
  override set(time: Date | number): void {
    super.set(time);
    vi.setSystemTime(this.now());
  }

  override advance(duration: string | number): void {
    super.advance(duration);
    vi.setSystemTime(this.now());
  }
}
