import { describe, expect, it } from "vitest";
import { isPendingExpired, nextPollAt, pollScheduleColumns } from "./poll-schedule";

const NOW = new Date("2030-03-10T12:00:00Z");
const minutes = (count: number) => count * 60_000;
const hoursAgo = (count: number) => new Date(NOW.getTime() - count * 3_600_000);

function tracking(tag: string, quietHours: number, overrides: { slug?: string; trackingNumber?: string; createdAt?: Date } = {}) {
  const since = hoursAgo(quietHours);
  return { tag, slug: "ups", trackingNumber: "1Z5R89390357567127", createdAt: since, lastUpdatedAt: since, updatedAt: since, ...overrides };
}

const delayMinutes = (next: Date | null) => (next ? (next.getTime() - NOW.getTime()) / 60_000 : null);

describe("poll schedule", () => {
  it("polls sooner near delivery and rarer as a shipment goes quiet", () => {
    expect(delayMinutes(nextPollAt(tracking("OutForDelivery", 0), NOW, "polled"))).toBe(20);
    expect(delayMinutes(nextPollAt(tracking("AvailableForPickup", 1), NOW, "polled"))).toBe(30);
    expect(delayMinutes(nextPollAt(tracking("InTransit", 5), NOW, "polled"))).toBe(60);
    expect(delayMinutes(nextPollAt(tracking("InTransit", 4 * 24), NOW, "polled"))).toBe(180);
    expect(delayMinutes(nextPollAt(tracking("InTransit", 8 * 24), NOW, "polled"))).toBe(360);
    expect(delayMinutes(nextPollAt(tracking("Pending", 1), NOW, "polled"))).toBe(15);
    expect(delayMinutes(nextPollAt(tracking("Pending", 3), NOW, "polled"))).toBe(60);
    expect(delayMinutes(nextPollAt(tracking("InfoReceived", 30), NOW, "polled"))).toBe(180);
  });

  it("stops at a final tag", () => {
    expect(pollScheduleColumns(tracking("Delivered", 0), NOW, "polled")).toEqual({ active: false, nextPollAt: null });
    expect(pollScheduleColumns(tracking("Expired", 0), NOW, "polled")).toEqual({ active: false, nextPollAt: null });
    expect(pollScheduleColumns(tracking("Exception", 0), NOW, "polled")).toEqual({ active: true, nextPollAt: new Date(NOW.getTime() + minutes(120)) });
  });

  it("follows the testing courier's script, then the table", () => {
    const createdAt = new Date(NOW.getTime() - minutes(2) - 10_000);
    const scripted = tracking("InTransit", 0, { slug: "testing-courier", trackingNumber: "ITOD-1-123456", createdAt });
    // Steps at +1, +2, +3, +4 minutes: the next one is the third.
    expect(nextPollAt(scripted, NOW, "polled")).toEqual(new Date(createdAt.getTime() + minutes(3)));
    const finished = { ...scripted, createdAt: new Date(NOW.getTime() - minutes(10)), tag: "Exception", trackingNumber: "ITE-1-1" };
    expect(delayMinutes(nextPollAt(finished, NOW, "polled"))).toBe(120);
  });

  it("looks at trackings nobody can follow every 6 hours, and at a Pending tracking when it is due to expire", () => {
    expect(delayMinutes(nextPollAt(tracking("InTransit", 0), NOW, "untrackable"))).toBe(6 * 60);
    const almostExpired = tracking("Pending", 30 * 24 - 2);
    expect(delayMinutes(nextPollAt(almostExpired, NOW, "untrackable"))).toBe(120);
    expect(delayMinutes(nextPollAt(almostExpired, NOW, "polled"))).toBe(120);
  });

  it("polls trackings a provider pushes every 12 hours, whatever their tag, until final", () => {
    expect(delayMinutes(nextPollAt(tracking("OutForDelivery", 0), NOW, "pushed"))).toBe(12 * 60);
    expect(delayMinutes(nextPollAt(tracking("Pending", 1), NOW, "pushed"))).toBe(12 * 60);
    expect(pollScheduleColumns(tracking("Delivered", 0), NOW, "pushed")).toEqual({ active: false, nextPollAt: null });
    // A Pending one is still looked at when it is due to expire.
    expect(delayMinutes(nextPollAt(tracking("Pending", 30 * 24 - 2), NOW, "pushed"))).toBe(120);
  });

  it("expires a Pending tracking after 30 days, counted from its last retrack", () => {
    expect(isPendingExpired(tracking("Pending", 30 * 24), NOW)).toBe(true);
    expect(isPendingExpired(tracking("Pending", 30 * 24 - 1), NOW)).toBe(false);
    expect(isPendingExpired(tracking("InTransit", 40 * 24), NOW)).toBe(false);
    expect(isPendingExpired({ ...tracking("Pending", 40 * 24), updatedAt: hoursAgo(1) }, NOW)).toBe(false);
  });
});
