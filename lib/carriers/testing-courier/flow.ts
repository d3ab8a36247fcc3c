import { isAssignableSubtag, type Subtag } from "@/lib/carriers/subtags";
import { type Tag } from "@/lib/tags";

const TAG_BY_LETTER: Record<string, Tag> = {
  I: "InfoReceived",
  T: "InTransit",
  O: "OutForDelivery",
  D: "Delivered",
  E: "Exception",
  F: "AttemptFail",
  A: "AvailableForPickup",
};

export const MAX_STEPS = 10;
export const MAX_INTERVAL_MINUTES = 20;

export interface TestingStep {
  tag: Tag;
  subtag: Subtag;
}

/** What a testing-courier number asks for: statuses in order, minutes between them. */
export interface TestingFlow {
  steps: TestingStep[];
  intervalMinutes: number;
}

const NUMBER_PATTERN = /^((?:[ITODEFA](?:\d{3})?)+)-(\d{1,2})-(\d+)$/;

/**
 * Reads `<codes>-<interval minutes>-<digits>` (compat-reference §13): letters I T O D E F A,
 * each with an optional 3-digit subtag (default 001), at most 10, an interval of 0–20 minutes.
 * Null when the number does not fit.
 */
export function parseTestingNumber(trackingNumber: string): TestingFlow | null {
  const match = NUMBER_PATTERN.exec(trackingNumber.trim().toUpperCase());
  if (!match) return null;
  const [, codes = "", interval = ""] = match;
  const intervalMinutes = Number(interval);
  if (intervalMinutes > MAX_INTERVAL_MINUTES) return null;
  const steps: TestingStep[] = [];
  for (const [, letter = "", digits = "001"] of codes.matchAll(/([ITODEFA])(\d{3})?/g)) {
    const tag = TAG_BY_LETTER[letter];
    const subtag = `${tag}_${digits}`;
    if (!tag || !isAssignableSubtag(subtag)) return null;
    steps.push({ tag, subtag });
  }
  return steps.length <= MAX_STEPS ? { steps, intervalMinutes } : null;
}
