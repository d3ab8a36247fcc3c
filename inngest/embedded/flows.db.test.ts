import { type InngestFunction, NonRetriableError, RetryAfterError } from "inngest";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { jobEvents } from "@/db/schema";
import { setupTestDatabase } from "@/testing/setup-test-database";
import { inngest } from "@/lib/events/client";
import { defineEvent, sendEvent } from "@/lib/events/events";
import { createTestEngine, ManualClock, runsOf, stepsOf, type TestEngine } from "@/testing/inngest";

const database = setupTestDatabase();

const shipmentCreated = defineEvent("flow-shipment/created", z.object({ shipmentId: z.string() }));
const shipmentPolled = defineEvent("flow-shipment/polled", z.object({ shipmentId: z.string(), carrier: z.string() }));

const engines: TestEngine[] = [];
afterEach(async () => {
  await Promise.all(engines.splice(0).map((engine) => engine.stop()));
});

async function start(functions: InngestFunction.Any[], options: { clock?: ManualClock } = {}): Promise<TestEngine> {
  const engine = await createTestEngine({ db: database.db, functions, ...options });
  engines.push(engine);
  return engine;
}

async function onlyRun(functionId: string) {
  const runs = await runsOf(database.db, functionId);
  expect(runs).toHaveLength(1);
  return runs[0]!;
}

describe("embedded engine flows", () => {
  it("memoises steps across requests, runs parallel steps once each and round-trips outputs through JSON", async () => {
    const calls = { load: 0, a: 0, b: 0, save: 0 };
    const fn = inngest.createFunction({ id: "flow-memo", triggers: [shipmentCreated] }, async ({ event, step }) => {
      const loaded = await step.run("load", () => {
        calls.load++;
        return { id: event.data.shipmentId, at: new Date(0) };
      });
      const [a, b] = await Promise.all([
        step.run("carrier-a", () => {
          calls.a++;
          return "A";
        }),
        step.run("carrier-b", () => {
          calls.b++;
          return "B";
        }),
      ]);
      await step.run("save", () => {
        calls.save++;
      });
      return { loaded, a, b, atType: typeof loaded.at };
    });
    const jobs = await start([fn]);
    await sendEvent(shipmentCreated, { shipmentId: "s1" });
    await jobs.drain();

    const run = await onlyRun("waybill-flow-memo");
    expect(run).toMatchObject({
      status: "completed",
      output: { loaded: { id: "s1", at: "1970-01-01T00:00:00.000Z" }, a: "A", b: "B", atType: "string" },
    });
    expect(calls).toEqual({ load: 1, a: 1, b: 1, save: 1 });
    expect((await stepsOf(database.db, run.id)).map((step) => step.name)).toEqual(["load", "carrier-a", "carrier-b", "save"]);
  });

  it("queues no run for an event that misses a trigger's condition", async () => {
    const fn = inngest.createFunction(
      { id: "flow-conditional", triggers: [{ event: shipmentPolled, if: 'event.data.carrier == "ups"' }] },
      async ({ event }) => event.data.shipmentId,
    );
    const jobs = await start([fn]);
    await sendEvent(shipmentPolled, { shipmentId: "s-dhl", carrier: "dhl" });
    await sendEvent(shipmentPolled, { shipmentId: "s-ups", carrier: "ups" });
    await jobs.drain();
    const runs = await runsOf(database.db, "waybill-flow-conditional");
    expect(runs.map((run) => [run.status, run.output])).toEqual([["completed", "s-ups"]]);
  });

  it("sleeps for hours in milliseconds under the manual clock", async () => {
    const fn = inngest.createFunction({ id: "flow-sleep", triggers: [shipmentCreated] }, async ({ step }) => {
      await step.sleep("wait", "3h");
      await step.sleepUntil("until", new Date(Date.UTC(2030, 0, 1, 5)));
      return step.run("after", () => "woke");
    });
    const jobs = await start([fn]);
    await sendEvent(shipmentCreated, { shipmentId: "s2" });
    await jobs.drain();
    let run = await onlyRun("waybill-flow-sleep");
    expect(run.status).toBe("sleeping");
    expect(run.wakeAt?.toISOString()).toBe("2030-01-01T03:00:00.000Z");

    await jobs.advance("2h59m");
    expect((await onlyRun("waybill-flow-sleep")).status).toBe("sleeping");
    await jobs.advance("1m");
    run = await onlyRun("waybill-flow-sleep");
    expect(run.wakeAt?.toISOString()).toBe("2030-01-01T05:00:00.000Z");
    await jobs.advance("2h");
    expect(await onlyRun("waybill-flow-sleep")).toMatchObject({ status: "completed", output: "woke" });
  });

  it("retries a failing step with exponential back-off, honouring `retries`", async () => {
    const clock = new ManualClock();
    const tries: number[] = [];
    const fn = inngest.createFunction({ id: "flow-retry", retries: 3, triggers: [shipmentCreated] }, async ({ step }) => {
      return step.run("flaky", () => {
        tries.push(clock.now());
        if (tries.length < 4) throw new Error(`boom ${tries.length}`);
        return "delivered";
      });
    });
    const jobs = await start([fn], { clock });
    const t0 = clock.now();
    await sendEvent(shipmentCreated, { shipmentId: "s3" });
    await jobs.drain();
    expect(await onlyRun("waybill-flow-retry")).toMatchObject({ status: "retrying", attempt: 1, error: { message: "boom 1" } });

    await jobs.advance("1h");
    expect(tries.map((at) => (at - t0) / 1000)).toEqual([0, 10, 30, 70]);
    expect(await onlyRun("waybill-flow-retry")).toMatchObject({ status: "completed", output: "delivered", attempt: 0, error: null });
  });

  it("retries a failing parallel step on its own schedule, leaving its sibling alone", async () => {
    const clock = new ManualClock();
    const calls = { steady: 0, shaky: [] as number[], doomed: 0 };
    const fn = inngest.createFunction({ id: "flow-parallel-retry", retries: 2, triggers: [shipmentCreated] }, async ({ step }) => {
      return Promise.all([
        step.run("steady", () => ++calls.steady),
        step.run("shaky", () => {
          calls.shaky.push(clock.now());
          if (calls.shaky.length < 3) throw new Error("shaky");
          return "ok";
        }),
        step
          .run("doomed", () => {
            calls.doomed++;
            throw new Error("never works");
          })
          .catch((error: Error) => `caught: ${error.message}`),
      ]);
    });
    const jobs = await start([fn], { clock });
    const t0 = clock.now();
    await sendEvent(shipmentCreated, { shipmentId: "p1" });
    await jobs.advance("1h");

    expect(calls.steady).toBe(1);
    expect(calls.shaky.map((at) => (at - t0) / 1000)).toEqual([0, 10, 30]);
    expect(calls.doomed).toBe(3);
    expect(await onlyRun("waybill-flow-parallel-retry")).toMatchObject({ status: "completed", output: [1, "ok", "caught: never works"] });
  });

  it("gives up after the last attempt and runs onFailure with the error and the original event", async () => {
    let tries = 0;
    const failures: { message: string; shipmentId: unknown; runId: unknown }[] = [];
    const fn = inngest.createFunction(
      {
        id: "flow-exhausted",
        retries: 2,
        triggers: [shipmentCreated],
        onFailure: async ({ error, event }) => {
          failures.push({ message: error.message, shipmentId: event.data.event.data.shipmentId, runId: event.data.run_id });
        },
      },
      async ({ step }) => {
        await step.run("always-fails", () => {
          tries++;
          throw new Error("carrier down");
        });
      },
    );
    const jobs = await start([fn]);
    await sendEvent(shipmentCreated, { shipmentId: "s4" });
    await jobs.advance("1h");

    expect(tries).toBe(3);
    const run = await onlyRun("waybill-flow-exhausted");
    expect(run.status).toBe("failed");
    expect(failures).toEqual([{ message: "carrier down", shipmentId: "s4", runId: run.id }]);
    expect(await onlyRun("waybill-flow-exhausted-failure")).toMatchObject({ status: "completed" });
  });

  it("stops at a NonRetriableError and runs onFailure once", async () => {
    let tries = 0;
    const failures: string[] = [];
    const fn = inngest.createFunction(
      {
        id: "flow-fatal",
        triggers: [shipmentCreated],
        onFailure: async ({ error }) => {
          failures.push(`${error.name}: ${error.message}`);
        },
      },
      async ({ step }) => {
        await step.run("validate", () => {
          tries++;
          throw new NonRetriableError("unknown tracking number");
        });
      },
    );
    const jobs = await start([fn]);
    await sendEvent(shipmentCreated, { shipmentId: "s5" });
    await jobs.advance("1d");

    expect(tries).toBe(1);
    expect((await onlyRun("waybill-flow-fatal")).status).toBe("failed");
    expect(failures).toEqual(["NonRetriableError: unknown tracking number"]);
  });

  it("waits as long as a RetryAfterError asks, in a step or in the function body", async () => {
    const clock = new ManualClock();
    const stepTries: number[] = [];
    const bodyTries: number[] = [];
    const fn = inngest.createFunction({ id: "flow-retry-after", triggers: [shipmentCreated] }, async ({ step }) => {
      await step.run("rate-limited", () => {
        stepTries.push(clock.now());
        if (stepTries.length === 1) throw new RetryAfterError("429 from carrier", "30m");
      });
      bodyTries.push(clock.now());
      if (bodyTries.length === 1) throw new RetryAfterError("not yet", new Date(clock.now() + 2 * 3600_000));
      return "done";
    });
    const jobs = await start([fn], { clock });
    const t0 = clock.now();
    await sendEvent(shipmentCreated, { shipmentId: "s6" });
    await jobs.advance("1d");

    expect(stepTries.map((at) => (at - t0) / 60_000)).toEqual([0, 30]);
    expect(bodyTries.map((at) => (at - t0) / 60_000)).toEqual([30, 150]);
    expect((await onlyRun("waybill-flow-retry-after")).status).toBe("completed");
  });

  it("retries an error thrown outside steps without repeating finished steps", async () => {
    let loads = 0;
    let bodies = 0;
    const fn = inngest.createFunction({ id: "flow-body-error", triggers: [shipmentCreated] }, async ({ step }) => {
      await step.run("load", () => {
        loads++;
      });
      bodies++;
      if (bodies < 3) throw new Error("flaky body");
      return bodies;
    });
    const jobs = await start([fn]);
    await sendEvent(shipmentCreated, { shipmentId: "s7" });
    await jobs.advance("1h");
    expect({ loads, bodies }).toEqual({ loads: 1, bodies: 3 });
    expect(await onlyRun("waybill-flow-body-error")).toMatchObject({ status: "completed", output: 3 });
  });

  it("fans out with step.sendEvent to exact and wildcard triggers", async () => {
    const polled: string[] = [];
    const fanOut = inngest.createFunction({ id: "flow-fan-out", triggers: [shipmentCreated] }, async ({ event, step }) => {
      await step.sendEvent(
        "poll-carriers",
        ["ups", "dhl", "fedex"].map((carrier) => shipmentPolled.create({ shipmentId: event.data.shipmentId, carrier })),
      );
    });
    const poll = inngest.createFunction({ id: "flow-poll", triggers: [shipmentPolled] }, async ({ event, step }) => {
      await step.run("poll", () => polled.push(event.data.carrier));
    });
    const audit = inngest.createFunction({ id: "flow-audit", triggers: [{ event: "flow-shipment/*" }] }, async () => "seen");
    const jobs = await start([fanOut, poll, audit]);
    await sendEvent(shipmentCreated, { shipmentId: "s8" });
    await jobs.drain();

    expect(polled.sort()).toEqual(["dhl", "fedex", "ups"]);
    expect(await runsOf(database.db, "waybill-flow-poll")).toHaveLength(3);
    expect(await runsOf(database.db, "waybill-flow-audit")).toHaveLength(4);
  });

  it("fires each cron slot once even when two instances fire it", async () => {
    const clock = new ManualClock(Date.UTC(2030, 0, 1, 0, 0));
    const fn = inngest.createFunction({ id: "flow-cron", triggers: [{ cron: "*/15 * * * *" }] }, async ({ event }) => event.name);
    const first = await start([fn], { clock });
    const second = await start([fn], { clock });
    for (let slot = 0; slot < 4; slot++) {
      await first.advance("15m");
      await second.drain();
    }
    const runs = await runsOf(database.db, "waybill-flow-cron");
    expect(runs.map((run) => run.eventId)).toEqual(["00:15", "00:30", "00:45", "01:00"].map((time) => `cron:waybill-flow-cron:2030-01-01T${time}:00.000Z`));
    expect(runs.every((run) => run.status === "completed" && run.output === "inngest/scheduled.timer")).toBe(true);
  });

  it("caps concurrent runs per concurrency key", async () => {
    const running = new Map<string, number>();
    const peak = new Map<string, number>();
    const fn = inngest.createFunction(
      { id: "flow-concurrency", concurrency: { limit: 2, key: "event.data.carrier" }, triggers: [shipmentPolled] },
      async ({ event, step }) => {
        await step.run("call-carrier", async () => {
          const carrier = event.data.carrier;
          running.set(carrier, (running.get(carrier) ?? 0) + 1);
          peak.set(carrier, Math.max(peak.get(carrier) ?? 0, running.get(carrier)!));
          await new Promise((resolve) => setTimeout(resolve, 20));
          running.set(carrier, running.get(carrier)! - 1);
        });
      },
    );
    const jobs = await start([fn]);
    const carriers = ["ups", "ups", "ups", "ups", "ups", "dhl", "dhl", "dhl"];
    await jobs.send(carriers.map((carrier, index) => ({ name: shipmentPolled.name, data: { shipmentId: `c${index}`, carrier } })));
    await jobs.drain();

    expect(Object.fromEntries(peak)).toEqual({ ups: 2, dhl: 2 });
    const runs = await runsOf(database.db, "waybill-flow-concurrency");
    expect(runs.map((run) => run.status)).toEqual(Array(8).fill("completed"));
  });

  it("dedupes events by id and dispatches events stored while no engine ran", async () => {
    const fn = inngest.createFunction({ id: "flow-stored", triggers: [shipmentCreated] }, async ({ event }) => event.data.shipmentId);
    await sendEvent(shipmentCreated, { shipmentId: "early" }, { id: "order-42" });
    await sendEvent(shipmentCreated, { shipmentId: "repeat" }, { id: "order-42" });
    const stored = await database.db.select().from(jobEvents);
    expect(stored.filter((event) => event.id === "order-42")).toMatchObject([{ dispatchedAt: null, payload: { data: { shipmentId: "early" } } }]);

    const jobs = await start([fn]);
    await jobs.drain();
    expect(await onlyRun("waybill-flow-stored")).toMatchObject({ eventId: "order-42", status: "completed", output: "early" });
  });

  it("deletes ended runs and dispatched events once they are older than the retention", async () => {
    const fn = inngest.createFunction({ id: "flow-retention", triggers: [shipmentCreated] }, async () => "done");
    const jobs = await createTestEngine({ db: database.db, functions: [fn], sweepIntervalMs: 24 * 3600_000, retentionMs: 7 * 24 * 3600_000 });
    engines.push(jobs);
    await sendEvent(shipmentCreated, { shipmentId: "old" }, { id: "retention-old" });
    await jobs.drain();
    await jobs.advance("6d");
    expect(await runsOf(database.db, "waybill-flow-retention")).toHaveLength(1);
    await jobs.advance("2d");
    expect(await runsOf(database.db, "waybill-flow-retention")).toHaveLength(0);
    expect((await database.db.select().from(jobEvents)).some((event) => event.id === "retention-old")).toBe(false);
  });

  it("fails a run that uses a step the embedded runner does not support", async () => {
    const fn = inngest.createFunction({ id: "flow-wait", triggers: [shipmentCreated] }, async ({ step }) => {
      await step.waitForEvent("delivered", { event: "flow-shipment/delivered", timeout: "1d" });
    });
    const jobs = await start([fn]);
    await sendEvent(shipmentCreated, { shipmentId: "s9" });
    await jobs.drain();
    expect(await onlyRun("waybill-flow-wait")).toMatchObject({
      status: "failed",
      error: { name: "UnsupportedStepError", message: expect.stringContaining('step.waitForEvent ("delivered") is not supported') },
    });
  });
});
