import { internalEvents } from "inngest";
import { nextCronSlot } from "./cron";
import type { FunctionConfig } from "./sdk-handler";
import { type Comparison, parseCondition } from "./trigger-condition";

/** What the embedded runner needs to know about one function, read from its published configuration. */
/** A piece of a concurrency key: a value of the event (`event.data.carrier`) or a quoted text. */
export type KeyPart = { path: string[] } | { text: string };

export interface FunctionPlan {
  id: string;
  /** Event names (with `*` wildcards) that start a run. */
  events: string[];
  /** Event names that start a run only when the event meets the trigger's condition (`if`). */
  conditionalEvents?: { event: string; when: Comparison[] }[];
  crons: string[];
  maxAttempts: number;
  concurrency?: { limit: number; key?: KeyPart[] };
  /** Inngest's `priority.run` as a constant: seconds ahead of runs without one in the queue. */
  priority?: number;
  /** Set on an `onFailure` handler: the function whose failures it receives. */
  failureOf?: string;
}

// Inngest retries a function 4 times (5 attempts) when `retries` is not set.
const DEFAULT_RETRIES = 4;

const SUPPORTED_KEYS = new Set(["id", "name", "triggers", "steps", "concurrency", "priority"]);

/** Thrown at start-up when a function relies on an Inngest feature the embedded runner does not have. */
export class UnsupportedFunctionsError extends Error {
  constructor(readonly problems: Record<string, string[]>) {
    const lines = Object.entries(problems).map(([id, issues]) => `  - ${id}: ${issues.join("; ")}`);
    super(
      [
        "The embedded job runner cannot run these functions as configured:",
        ...lines,
        "Remove those options, or run the functions on Inngest (JOBS_MODE=inngest with INNGEST_EVENT_KEY and INNGEST_SIGNING_KEY, or INNGEST_BASE_URL for a self-hosted server).",
      ].join("\n"),
    );
    this.name = "UnsupportedFunctionsError";
  }
}

/** Turns the SDK's configurations into plans, refusing every option the runner would silently ignore. */
export function planFunctions(configs: FunctionConfig[]): FunctionPlan[] {
  const problems: Record<string, string[]> = {};
  const plans = configs.map((config) => {
    const issues: string[] = [];
    const plan = planFunction(config, issues);
    if (issues.length) problems[config.id] = issues;
    return plan;
  });
  if (Object.keys(problems).length) throw new UnsupportedFunctionsError(problems);
  return plans;
}

function planFunction(config: FunctionConfig, issues: string[]): FunctionPlan {
  for (const [key, value] of Object.entries(config)) {
    if (value !== undefined && !SUPPORTED_KEYS.has(key)) issues.push(`${optionName(key)} is not supported`);
  }
  const retries = Object.values(config.steps)[0]?.retries?.attempts ?? DEFAULT_RETRIES;
  const plan: FunctionPlan = { id: config.id, events: [], crons: [], maxAttempts: retries + 1 };
  for (const trigger of config.triggers) {
    if ("cron" in trigger) {
      if (trigger.jitter) issues.push("cron jitter is not supported");
      const invalid = cronProblem(trigger.cron);
      if (invalid) issues.push(invalid);
      plan.crons.push(trigger.cron);
    } else if (isFailureTrigger(config.id, trigger)) {
      plan.failureOf = config.id.slice(0, -"-failure".length);
    } else if (trigger.expression) {
      const when = parseCondition(trigger.expression);
      if (when) (plan.conditionalEvents ??= []).push({ event: trigger.event, when });
      else
        issues.push(
          `the trigger condition (if) ${JSON.stringify(trigger.expression)} on "${trigger.event}" is not supported (only event values compared with == or != to literals, joined with &&)`,
        );
    } else {
      plan.events.push(trigger.event);
    }
  }
  const concurrency = planConcurrency(config.concurrency, issues);
  if (concurrency) plan.concurrency = concurrency;
  const priority = planPriority((config as { priority?: unknown }).priority, issues);
  if (priority !== undefined) plan.priority = priority;
  return plan;
}

/** Inngest takes a CEL expression giving -600…600 seconds; the runner takes a constant one. */
function planPriority(raw: unknown, issues: string[]): number | undefined {
  if (raw === undefined) return undefined;
  const run = (raw as { run?: unknown }).run;
  const seconds = typeof run === "string" && /^-?\d+$/.test(run.trim()) ? Number(run) : NaN;
  if (!Number.isInteger(seconds) || Math.abs(seconds) > 600) {
    issues.push(`priority ${JSON.stringify(raw)} is not supported (only a constant run priority from -600 to 600 seconds)`);
    return undefined;
  }
  return seconds;
}

function cronProblem(cron: string): string | undefined {
  try {
    nextCronSlot(cron, Date.now());
    return undefined;
  } catch (error) {
    return `cron "${cron}" is invalid: ${error instanceof Error ? error.message : String(error)}`;
  }
}

/** The trigger the SDK gives an `onFailure` handler; any other condition would need a CEL evaluator. */
function isFailureTrigger(id: string, trigger: { event: string; expression?: string }): boolean {
  if (trigger.event !== internalEvents.FunctionFailed || !id.endsWith("-failure")) return false;
  return trigger.expression === `event.data.function_id == '${id.slice(0, -"-failure".length)}'`;
}

function planConcurrency(raw: unknown, issues: string[]): FunctionPlan["concurrency"] {
  if (raw === undefined) return undefined;
  if (typeof raw === "number") return { limit: raw };
  const options = Array.isArray(raw) ? raw : [raw];
  if (options.length !== 1) {
    issues.push("only one concurrency limit is supported");
    return undefined;
  }
  const option = options[0] as { limit?: unknown; key?: unknown; scope?: unknown };
  if (typeof option.limit !== "number" || option.limit < 1) {
    issues.push("concurrency needs a positive limit");
    return undefined;
  }
  if (option.scope !== undefined && option.scope !== "fn") issues.push(`concurrency scope "${String(option.scope)}" is not supported`);
  if (option.key === undefined) return { limit: option.limit };
  const key = typeof option.key === "string" ? parseKey(option.key) : undefined;
  if (!key) {
    issues.push(
      `concurrency key ${JSON.stringify(option.key)} is not supported (only event paths joined with quoted texts, such as "event.data.carrier" or 'event.data.org + ":" + event.data.id')`,
    );
    return undefined;
  }
  return { limit: option.limit, key };
}

/** `event.data.org + ":" + event.data.id` → its parts (texts without a "+"); anything else needs CEL. */
function parseKey(expression: string): KeyPart[] | undefined {
  const parts: KeyPart[] = [];
  for (const token of expression.split("+").map((piece) => piece.trim())) {
    const quoted = /^"([^"]*)"$|^'([^']*)'$/.exec(token);
    if (quoted) {
      parts.push({ text: quoted[1] ?? quoted[2]! });
      continue;
    }
    const path = parseKeyPath(token);
    if (!path) return undefined;
    parts.push({ path });
  }
  return parts.some((part) => "path" in part) ? parts : undefined;
}

/** `event.data.carrier` → `["data", "carrier"]`; anything beyond a dotted path needs CEL. */
function parseKeyPath(expression: string): string[] | undefined {
  const parts = expression.trim().split(".");
  if (parts[0] !== "event" || parts.length < 2) return undefined;
  return parts.every((part) => /^[A-Za-z_][A-Za-z0-9_]*$/.test(part)) ? parts.slice(1) : undefined;
}

function optionName(key: string): string {
  return key === "cancel" ? "cancelOn" : key;
}
