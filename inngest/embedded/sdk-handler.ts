import { headerKeys, type Inngest, InngestCommHandler, type InngestFunction, queryKeys } from "inngest";
import { z } from "zod";
import type { JobEventPayload, MemoisedStep } from "@/db/schema";

/** What the runner sends the SDK for one execution request (the Inngest executor protocol). */
export interface ExecutionRequest {
  functionId: string;
  /** `"step"` to discover or continue; a hashed step id to run exactly that step. */
  stepId: string;
  runId: string;
  event: JobEventPayload;
  steps: Record<string, MemoisedStep>;
  stack: string[];
  attempt: number;
  maxAttempts: number;
  disableImmediateExecution: boolean;
}

const opSchema = z.looseObject({
  id: z.string(),
  op: z.string(),
  name: z.string().optional(),
  displayName: z.string().optional(),
  data: z.unknown().optional(),
  error: z.unknown().optional(),
  userland: z.looseObject({ id: z.string().optional() }).optional(),
});

export type SdkOp = z.infer<typeof opSchema>;

/** The SDK's answer, reduced to what the runner acts on. */
export type SdkAnswer =
  | { kind: "completed"; output: unknown }
  /** 206: steps that ran, failed or were found; `retryAfter` comes with a retriable step error. */
  | { kind: "ops"; ops: SdkOp[]; retryAfter?: string }
  | { kind: "retry"; error: unknown; retryAfter?: string }
  | { kind: "failed"; error: unknown };

const triggerSchema = z.union([
  z.object({ event: z.string(), expression: z.string().optional() }),
  z.object({ cron: z.string(), jitter: z.string().optional() }),
]);

/** A function's configuration as the SDK publishes it on sync; unknown options are kept for the check. */
const functionConfigSchema = z.looseObject({
  id: z.string(),
  name: z.string().optional(),
  triggers: z.array(triggerSchema),
  steps: z.record(z.string(), z.object({ retries: z.object({ attempts: z.number().optional() }).optional() }).loose()),
});

export type FunctionConfig = z.infer<typeof functionConfigSchema>;

interface InProcessRequest {
  method: "POST" | "PUT";
  url: URL;
  headers: Record<string, string>;
  body: unknown;
}

interface InProcessResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

// Any host works: nothing is fetched, the URL only carries the function and step ids.
const BASE_URL = "http://embedded.invalid/api/inngest";

/**
 * Calls the functions' own SDK handler in-process, as an Inngest server would over HTTP: the public
 * custom-handler API of `InngestCommHandler`, without signatures (nothing leaves the process).
 */
export function createSdkHandler(client: Inngest.Any, functions: readonly InngestFunction.Any[]) {
  const handler = new InngestCommHandler({
    client,
    functions,
    frameworkName: "waybill-embedded",
    skipSignatureValidation: true,
    handler: (request: InProcessRequest) => ({
      body: () => request.body,
      method: () => request.method,
      headers: (key: string) => request.headers[key.toLowerCase()] ?? null,
      url: () => request.url,
      transformResponse: (response: InProcessResponse): InProcessResponse => response,
    }),
  }).createHandler();

  async function call(request: ExecutionRequest): Promise<SdkAnswer> {
    const url = new URL(BASE_URL);
    url.searchParams.set(queryKeys.FnId, request.functionId);
    url.searchParams.set(queryKeys.StepId, request.stepId);
    const response = await handler({
      method: "POST",
      url,
      headers: {},
      body: {
        version: 2,
        event: request.event,
        events: [request.event],
        steps: request.steps,
        // No fn_id: without it the SDK never checkpoints to an Inngest API.
        ctx: {
          run_id: request.runId,
          attempt: request.attempt,
          max_attempts: request.maxAttempts,
          disable_immediate_execution: request.disableImmediateExecution,
          use_api: false,
          stack: { stack: request.stack, current: Math.max(request.stack.length - 1, 0) },
        },
      },
    });
    return interpret(response);
  }

  /** Reads every function's configuration through an in-band sync, the SDK's public way to publish it. */
  async function configs(): Promise<FunctionConfig[]> {
    const response = await handler({
      method: "PUT",
      url: new URL(BASE_URL),
      headers: { [headerKeys.InngestSyncKind.toLowerCase()]: "in_band" },
      body: { url: BASE_URL },
    });
    if (response.status !== 200) {
      throw new Error(
        `The embedded job runner could not read the function configurations (HTTP ${response.status}: ${response.body}). Is INNGEST_ALLOW_IN_BAND_SYNC=false set?`,
      );
    }
    return z.object({ functions: z.array(functionConfigSchema) }).parse(JSON.parse(response.body)).functions;
  }

  return { call, configs };
}

export type SdkHandler = ReturnType<typeof createSdkHandler>;

function interpret(response: InProcessResponse): SdkAnswer {
  const headers = Object.fromEntries(Object.entries(response.headers).map(([key, value]) => [key.toLowerCase(), value]));
  const retryAfter = headers[headerKeys.RetryAfter.toLowerCase()] || undefined;
  const body = parseBody(response.body);
  if (response.status === 200) return { kind: "completed", output: body };
  if (response.status === 206) return { kind: "ops", ops: z.array(opSchema).parse(body), retryAfter };
  const noRetry = headers[headerKeys.NoRetry.toLowerCase()] === "true";
  return noRetry || response.status === 400 ? { kind: "failed", error: body } : { kind: "retry", error: body, retryAfter };
}

function parseBody(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}
