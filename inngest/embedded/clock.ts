import { durationToMs } from "inngest";

/** Where the runner reads the time: the wall clock in production, a hand-driven one in tests. */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** A clock that only moves when told to, so tests cover hours of sleeps and back-offs in milliseconds. */
export class ManualClock implements Clock {
  #now: number;

  constructor(start: Date | number = Date.UTC(2030, 0, 1)) {
    this.#now = new Date(start).getTime();
  }

  now(): number {
    return this.#now;
  }

  set(time: Date | number): void {
    this.#now = new Date(time).getTime();
  }

  /** Moves forward by a duration such as `"90s"`, `"1h"` or milliseconds. */
  advance(duration: string | number): void {
    this.#now += durationToMs(duration);
  }
}
