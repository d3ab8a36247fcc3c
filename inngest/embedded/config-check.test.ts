import { Inngest } from "inngest";
import { describe, expect, it } from "vitest";
import type { Database } from "@/db/client";
import { ManualClock } from "./clock";
import { planFunctions, UnsupportedFunctionsError } from "./config-check";
import { EmbeddedEngine } from "./engine";
import { MemoryQueue } from "./memory-queue";
import { createSdkHandler } from "./sdk-handler";

const client = new Inngest({ id: "check", isDev: true });
const noop = async () => undefined;
const on = (event: string) => [{ event }];

const supported = [
  client.createFunction({ id: "plain", triggers: on("a/b") }, noop),
  client.createFunction({ id: "tuned", retries: 7, concurrency: { limit: 3, key: "event.data.carrier" }, triggers: on("a/*"), onFailure: noop }, noop),
  client.createFunction({ id: "capped", concurrency: 2, triggers: [{ cron: "TZ=Europe/Berlin 0 9 * * *" }, ...on("a/c")] }, noop),
  client.createFunction({ id: "urgent", priority: { run: "300" }, triggers: on("a/d") }, noop),
  client.createFunction({ id: "joined-key", concurrency: { limit: 1, key: 'event.data.org + ":" + event.data.id' }, triggers: on("a/e") }, noop),
  client.createFunction({ id: "conditional", triggers: [{ event: "a/b", if: "event.data.ok == true" }] }, noop),
];

const unsupported = [
  client.createFunction({ id: "throttled", throttle: { limit: 1, period: "1m" }, rateLimit: { limit: 1, period: "1h" }, triggers: on("a/b") }, noop),
  client.createFunction({ id: "debounced", debounce: { period: "5m" }, triggers: on("a/b") }, noop),
  client.createFunction({ id: "batched", batchEvents: { maxSize: 10, timeout: "5s" }, triggers: on("a/b") }, noop),
  client.createFunction({ id: "cancellable", cancelOn: [{ event: "a/cancel", match: "data.id" }], triggers: on("a/b") }, noop),
  client.createFunction({ id: "prioritised", priority: { run: "event.data.vip ? 60 : 0" }, triggers: on("a/b") }, noop),
  client.createFunction({ id: "idempotent", idempotency: "event.data.id", triggers: on("a/b") }, noop),
  client.createFunction({ id: "conditional-beyond", triggers: [{ event: "a/b", if: "event.data.count > 3" }] }, noop),
  client.createFunction(
    { id: "expression-key", concurrency: { limit: 1, key: 'event.data.a == "x" ? event.data.b : event.data.c' }, triggers: on("a/b") },
    noop,
  ),
  client.createFunction({ id: "two-limits", concurrency: [{ limit: 1 }, { limit: 5, scope: "account", key: "event.data.a" }], triggers: on("a/b") }, noop),
  client.createFunction({ id: "timed-out", timeouts: { finish: "1h" }, triggers: on("a/b") }, noop),
  client.createFunction({ id: "singleton", singleton: { mode: "skip" }, triggers: on("a/b") }, noop),
  client.createFunction({ id: "jittery", triggers: [{ cron: "* * * * *", jitter: "10s" }] }, noop),
  client.createFunction({ id: "bad-cron", triggers: [{ cron: "every morning" }] }, noop),
];

describe("planFunctions", () => {
  it("plans triggers, retries, concurrency and onFailure handlers", async () => {
    const plans = planFunctions(await createSdkHandler(client, supported).configs());
    expect(plans).toEqual([
      { id: "check-plain", events: ["a/b"], crons: [], maxAttempts: 5 },
      { id: "check-tuned", events: ["a/*"], crons: [], maxAttempts: 8, concurrency: { limit: 3, key: [{ path: ["data", "carrier"] }] } },
      { id: "check-tuned-failure", events: [], crons: [], maxAttempts: 2, failureOf: "check-tuned" },
      { id: "check-capped", events: ["a/c"], crons: ["TZ=Europe/Berlin 0 9 * * *"], maxAttempts: 5, concurrency: { limit: 2 } },
      { id: "check-urgent", events: ["a/d"], crons: [], maxAttempts: 5, priority: 300 },
      {
        id: "check-joined-key",
        events: ["a/e"],
        crons: [],
        maxAttempts: 5,
        concurrency: { limit: 1, key: [{ path: ["data", "org"] }, { text: ":" }, { path: ["data", "id"] }] },
      },
      {
        id: "check-conditional",
        events: [],
        conditionalEvents: [{ event: "a/b", when: [{ path: ["data", "ok"], equal: true, value: true }] }],
        crons: [],
        maxAttempts: 5,
      },
    ]);
  });

  it("refuses every option the runner would otherwise ignore, naming each function", async () => {
    const configs = await createSdkHandler(client, [...supported, ...unsupported]).configs();
    let error: unknown;
    try {
      planFunctions(configs);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(UnsupportedFunctionsError);
    expect((error as UnsupportedFunctionsError).problems).toEqual({
      "check-throttled": ["rateLimit is not supported", "throttle is not supported"],
      "check-debounced": ["debounce is not supported"],
      "check-batched": ["batchEvents is not supported"],
      "check-cancellable": ["cancelOn is not supported"],
      "check-prioritised": ['priority {"run":"event.data.vip ? 60 : 0"} is not supported (only a constant run priority from -600 to 600 seconds)'],
      "check-idempotent": ["idempotency is not supported"],
      "check-conditional-beyond": [expect.stringContaining('the trigger condition (if) "event.data.count > 3" on "a/b" is not supported')],
      "check-expression-key": [expect.stringContaining("is not supported (only event paths joined with quoted texts")],
      "check-two-limits": ["only one concurrency limit is supported"],
      "check-timed-out": ["timeouts is not supported"],
      "check-singleton": ["singleton is not supported"],
      "check-jittery": ["cron jitter is not supported"],
      "check-bad-cron": [expect.stringContaining('cron "every morning" is invalid')],
    });
    expect((error as Error).message).toContain("  - check-debounced: debounce is not supported\n");
    expect((error as Error).message).toContain("JOBS_MODE=inngest");
  });

  it("stops the engine from starting", async () => {
    const engine = new EmbeddedEngine({
      client,
      functions: unsupported.slice(0, 1),
      db: undefined as unknown as Database,
      queue: new MemoryQueue(new ManualClock()),
    });
    await expect(engine.start()).rejects.toThrow(/check-throttled: rateLimit is not supported; throttle is not supported/);
  });
});
