import { describe, expect, it } from "vitest";
import type { FunctionPlan } from "./config-check";
import { concurrencyKeyFor, eventMatches, functionsTriggeredBy } from "./triggers";

const plan = (id: string, events: string[], extra: Partial<FunctionPlan> = {}): FunctionPlan => ({ id, events, crons: [], maxAttempts: 5, ...extra });

describe("triggers", () => {
  it("matches exact names and * wildcards", () => {
    expect(eventMatches("tracking/created", "tracking/created")).toBe(true);
    expect(eventMatches("tracking/*", "tracking/updated")).toBe(true);
    expect(eventMatches("tracking/*", "trackings/updated")).toBe(false);
    expect(eventMatches("tracking.created", "trackingXcreated")).toBe(false);
  });

  it("sends targeted events (cron slots, failures) only to their function", () => {
    const plans = [plan("a", ["x/*"]), plan("b", ["x/y"]), plan("a-failure", [], { failureOf: "a" })];
    expect(functionsTriggeredBy(plans, "x/y", null).map((p) => p.id)).toEqual(["a", "b"]);
    expect(functionsTriggeredBy(plans, "inngest/function.failed", "a-failure").map((p) => p.id)).toEqual(["a-failure"]);
  });

  it("reads the concurrency key from the event", () => {
    const keyed = plan("k", [], { concurrency: { limit: 1, key: [{ path: ["data", "carrier"] }] } });
    const event = (data: Record<string, unknown>) => ({ id: "e", name: "x/y", data, ts: 0 });
    expect(concurrencyKeyFor(keyed, event({ carrier: "ups" }))).toBe("ups");
    expect(concurrencyKeyFor(keyed, event({ carrier: 7 }))).toBe("7");
    expect(concurrencyKeyFor(keyed, event({}))).toBe("null");
    expect(concurrencyKeyFor(plan("u", [], { concurrency: { limit: 1 } }), event({}))).toBeNull();
    const joined = plan("j", [], { concurrency: { limit: 1, key: [{ path: ["data", "org"] }, { text: ":" }, { path: ["data", "id"] }] } });
    expect(concurrencyKeyFor(joined, event({ org: "a", id: "t1" }))).toBe("a:t1");
    expect(concurrencyKeyFor(joined, event({ org: "b", id: "t1" }))).toBe("b:t1");
  });
});
