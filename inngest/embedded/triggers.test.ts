import { describe, expect, it } from "vitest";
import type { FunctionPlan } from "./config-check";
import { parseCondition } from "./trigger-condition";
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
    expect(functionsTriggeredBy(plans, { name: "x/y", data: {} }, null).map((p) => p.id)).toEqual(["a", "b"]);
    expect(functionsTriggeredBy(plans, { name: "inngest/function.failed", data: {} }, "a-failure").map((p) => p.id)).toEqual(["a-failure"]);
  });

  it("starts a conditional trigger's function only for events that meet its condition", () => {
    const when = parseCondition('event.data.tagChanged == true && event.data.kind != "test"')!;
    const plans = [plan("always", ["t/updated"]), plan("on-tag", [], { conditionalEvents: [{ event: "t/*", when }] })];
    const started = (data: Record<string, unknown>) => functionsTriggeredBy(plans, { name: "t/updated", data }, null).map((p) => p.id);
    expect(started({ tagChanged: true, kind: "real" })).toEqual(["always", "on-tag"]);
    expect(started({ tagChanged: false, kind: "real" })).toEqual(["always"]);
    expect(started({ tagChanged: true, kind: "test" })).toEqual(["always"]);
    // CEL fails on a missing value, and Inngest then starts nothing.
    expect(started({ kind: "real" })).toEqual(["always"]);
    expect(started({ tagChanged: "true", kind: "real" })).toEqual(["always"]);
  });

  it("reads literals and refuses conditions beyond comparisons joined with &&", () => {
    expect(parseCondition("event.data.n == 3 && event.data.s == 'a b' && event.data.x != null")).toEqual([
      { path: ["data", "n"], equal: true, value: 3 },
      { path: ["data", "s"], equal: true, value: "a b" },
      { path: ["data", "x"], equal: false, value: null },
    ]);
    for (const beyond of ["event.data.n > 3", "event.data.a || event.data.b", "event.data.ok", "size(event.data.list) == 0", "event.data.a == event.data.b"]) {
      expect(parseCondition(beyond)).toBeUndefined();
    }
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
