import { Inngest, InngestCommHandler, NonRetriableError, RetryAfterError, version } from "inngest";
import { describe, expect, it } from "vitest";
import { createSdkHandler } from "./sdk-handler";

/*
 * Pins the executor protocol of the installed SDK: the embedded runner depends on these exact
 * answers. If an `inngest` upgrade changes any of them, this file fails before the runner does.
 */

const sent: unknown[] = [];
const quiet = () => undefined;
const client = new Inngest({
  id: "conformance",
  isDev: true,
  // The sample functions fail on purpose; the SDK would log every failure.
  logger: { info: quiet, warn: quiet, error: quiet, debug: quiet },
  fetch: async (input, init) => {
    sent.push(JSON.parse(String(init?.body)));
    return Response.json({ ids: [`evt-${sent.length}`], status: 200 });
  },
});

const flow = client.createFunction({ id: "flow", triggers: [{ event: "test/flow" }] }, async ({ step }) => {
  await step.run("one", () => ({ n: 41 }));
  await step.sleep("nap", "10m");
  await Promise.all([step.run("p1", () => 1), step.run("p2", () => 2)]);
  await step.sendEvent("fan", { name: "test/fanned", data: { x: 1 } });
  return "done";
});

const flaky = client.createFunction({ id: "flaky", retries: 2, triggers: [{ event: "test/flaky" }] }, async ({ step }) => {
  await step.run("flaky", () => {
    throw new Error("boom");
  });
});

const errors = client.createFunction({ id: "errors", triggers: [{ event: "test/errors" }], onFailure: async () => undefined }, async ({ event, step }) => {
  const kind = event.data.kind as string;
  if (kind === "step-fatal") await step.run("fatal", () => Promise.reject(new NonRetriableError("bad input")));
  if (kind === "step-later") await step.run("later", () => Promise.reject(new RetryAfterError("busy", "30s")));
  if (kind === "body") throw new Error("body failed");
  if (kind === "body-later") throw new RetryAfterError("busy", "1m");
  return kind;
});

const pausing = client.createFunction({ id: "pausing", triggers: [{ event: "test/pausing" }] }, async ({ event, step }) => {
  if (event.data.kind === "until") await step.sleepUntil("until", new Date("2030-01-02T03:04:05.000Z"));
  if (event.data.kind === "wait") await step.waitForEvent("delivered", { event: "test/delivered", timeout: "1d", match: "data.id" });
  if (event.data.kind === "invoke") await step.invoke("child", { function: flow, data: {} });
});

const functions = [flow, flaky, errors, pausing];

interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const raw = new InngestCommHandler({
  client,
  functions,
  frameworkName: "conformance",
  skipSignatureValidation: true,
  handler: (request: { method: string; url: URL; headers: Record<string, string>; body: unknown }) => ({
    body: () => request.body,
    method: () => request.method,
    headers: (key: string) => request.headers[key.toLowerCase()] ?? null,
    url: () => request.url,
    transformResponse: (response: RawResponse) => response,
  }),
}).createHandler();

interface Call {
  fn: string;
  stepId?: string;
  data?: Record<string, unknown>;
  steps?: Record<string, unknown>;
  attempt?: number;
  maxAttempts?: number;
  parallel?: boolean;
}

/** One executor request, summarised as status, the headers that steer retries, and op codes. */
async function call({ fn, stepId = "step", data = {}, steps = {}, attempt = 0, maxAttempts = 4, parallel = false }: Call) {
  const url = new URL("http://conformance.invalid/api/inngest");
  url.searchParams.set("fnId", `conformance-${fn}`);
  url.searchParams.set("stepId", stepId);
  const event = { name: `test/${fn}`, data, id: "evt", ts: 0 };
  const response = await raw({
    method: "POST",
    url,
    headers: {},
    body: {
      version: 2,
      event,
      events: [event],
      steps,
      ctx: {
        run_id: "run",
        attempt,
        max_attempts: maxAttempts,
        disable_immediate_execution: parallel,
        use_api: false,
        stack: { stack: Object.keys(steps), current: 0 },
      },
    },
  });
  const body = JSON.parse(response.body) as unknown;
  const ops = Array.isArray(body) ? (body as { op: string; id: string; name?: string; data?: unknown; opts?: unknown }[]) : [];
  return {
    status: response.status,
    noRetry: response.headers["x-inngest-no-retry"],
    retryAfter: response.headers["retry-after"],
    version: response.headers["x-inngest-req-version"],
    ops: ops.map((op) => op.op),
    body,
    id: (index = 0) => ops[index]!.id,
  };
}

describe(`executor protocol of inngest@${version}`, () => {
  it("is the pinned SDK version", () => {
    expect(version).toBe("4.24.0");
  });

  it("runs steps, a sleep, parallel steps and sendEvent as a sequence of 206 answers, then 200", async () => {
    const steps: Record<string, unknown> = {};
    const one = await call({ fn: "flow" });
    expect(one).toMatchObject({ status: 206, ops: ["StepRun"], body: [{ name: "one", data: { n: 41 } }], version: "2" });
    steps[one.id()] = { type: "data", data: { n: 41 } };

    const nap = await call({ fn: "flow", steps });
    expect(nap).toMatchObject({ status: 206, ops: ["Sleep"], body: [{ name: "10m" }] });
    steps[nap.id()] = { type: "data", data: null };

    const parallel = await call({ fn: "flow", steps });
    expect(parallel).toMatchObject({ status: 206, ops: ["StepPlanned", "StepPlanned"], body: [{ name: "p1" }, { name: "p2" }] });
    for (const index of [0, 1]) {
      const ran = await call({ fn: "flow", steps, stepId: parallel.id(index), parallel: true });
      expect(ran).toMatchObject({ status: 206, ops: ["StepRun"], body: [{ data: index + 1 }] });
      steps[parallel.id(index)] = { type: "data", data: index + 1 };
    }

    const fan = await call({ fn: "flow", steps, parallel: true });
    expect(fan).toMatchObject({ status: 206, ops: ["StepPlanned"], body: [{ opts: { type: "step.sendEvent" } }] });
    const fanned = await call({ fn: "flow", steps, stepId: fan.id(), parallel: true });
    expect(fanned).toMatchObject({ status: 206, ops: ["StepRun"], body: [{ data: { ids: [expect.any(String)] } }] });
    expect(sent.at(-1)).toMatchObject([{ name: "test/fanned", data: { x: 1 } }]);
    steps[fan.id()] = { type: "data", data: { ids: ["evt-1"] } };

    expect(await call({ fn: "flow", steps, parallel: true })).toMatchObject({ status: 200, body: "done" });
  });

  it("answers a step error with StepError until the last attempt, then StepFailed, then 400", async () => {
    const first = await call({ fn: "flaky", maxAttempts: 3 });
    expect(first).toMatchObject({ status: 206, ops: ["StepError"], noRetry: "false", body: [{ error: { name: "Error", message: "boom" } }] });
    const last = await call({ fn: "flaky", maxAttempts: 3, attempt: 2 });
    expect(last).toMatchObject({ status: 206, ops: ["StepFailed"], noRetry: "true" });
    const failed = await call({ fn: "flaky", maxAttempts: 3, steps: { [last.id()]: { type: "error", error: { name: "Error", message: "boom" } } } });
    expect(failed).toMatchObject({ status: 400, noRetry: "true", body: { name: "Error", message: "boom" } });
  });

  it("marks NonRetriableError and RetryAfterError in steps", async () => {
    expect(await call({ fn: "errors", data: { kind: "step-fatal" } })).toMatchObject({
      status: 206,
      ops: ["StepFailed"],
      noRetry: "true",
      body: [{ error: { name: "NonRetriableError", message: "bad input" } }],
    });
    expect(await call({ fn: "errors", data: { kind: "step-later" } })).toMatchObject({
      status: 206,
      ops: ["StepError"],
      noRetry: "false",
      retryAfter: "30",
    });
  });

  it("answers errors thrown by the function body with 500 (retry) or 400 (final)", async () => {
    expect(await call({ fn: "errors", data: { kind: "body" } })).toMatchObject({ status: 500, noRetry: "false", body: { message: "body failed" } });
    expect(await call({ fn: "errors", data: { kind: "body" }, attempt: 3 })).toMatchObject({ status: 400, noRetry: "true" });
    expect(await call({ fn: "errors", data: { kind: "body-later" } })).toMatchObject({ status: 500, noRetry: "false", retryAfter: "60" });
  });

  it("reports sleepUntil, waitForEvent and invoke as ops for the executor", async () => {
    expect(await call({ fn: "pausing", data: { kind: "until" } })).toMatchObject({ ops: ["Sleep"], body: [{ name: "2030-01-02T03:04:05.000Z" }] });
    expect(await call({ fn: "pausing", data: { kind: "wait" } })).toMatchObject({
      ops: ["WaitForEvent"],
      body: [{ name: "test/delivered", opts: { timeout: "1d", if: "event.data.id == async.data.id" } }],
    });
    expect(await call({ fn: "pausing", data: { kind: "invoke" } })).toMatchObject({ ops: ["InvokeFunction"] });
  });

  it("publishes configurations through an in-band sync, with onFailure as a separate function", async () => {
    const response = await raw({
      method: "PUT",
      url: new URL("http://conformance.invalid/api/inngest"),
      headers: { "x-inngest-sync-kind": "in_band" },
      body: { url: "http://conformance.invalid/api/inngest" },
    });
    expect(response.status).toBe(200);
    expect(response.headers["x-inngest-sync-kind"]).toBe("in_band");
    const { functions: configs } = JSON.parse(response.body) as { functions: { id: string; triggers: unknown[]; steps: unknown }[] };
    expect(configs.map((config) => config.id)).toEqual([
      "conformance-flow",
      "conformance-flaky",
      "conformance-errors",
      "conformance-errors-failure",
      "conformance-pausing",
    ]);
    expect(configs[1]).toMatchObject({ steps: { step: { retries: { attempts: 2 } } } });
    expect(configs[3]).toMatchObject({
      triggers: [{ event: "inngest/function.failed", expression: "event.data.function_id == 'conformance-errors'" }],
      steps: { step: { retries: { attempts: 1 } } },
    });
  });
});

describe("sdk-handler", () => {
  const sdk = createSdkHandler(client, functions);
  const request = { runId: "run", event: { id: "evt", name: "test/errors", data: {}, ts: 0 }, steps: {}, stack: [], attempt: 0, maxAttempts: 4 };

  it("reduces answers to what the runner acts on", async () => {
    const call = (kind: string) =>
      sdk.call({ ...request, functionId: "conformance-errors", stepId: "step", event: { ...request.event, data: { kind } }, disableImmediateExecution: false });
    expect(await call("done")).toEqual({ kind: "completed", output: "done" });
    expect(await call("body-later")).toMatchObject({ kind: "retry", retryAfter: "60", error: { message: "busy" } });
    expect(await call("step-later")).toMatchObject({ kind: "ops", retryAfter: "30", ops: [{ op: "StepError" }] });
  });

  it("reads configurations", async () => {
    expect((await sdk.configs()).map((config) => config.id)).toContain("conformance-errors-failure");
  });
});
