import type { JobEventPayload } from "@/db/schema";
import type { FunctionPlan } from "./config-check";
import { conditionHolds } from "./trigger-condition";

/** Whether an event name matches a trigger, where `*` stands for any run of characters (`tracking/*`). */
export function eventMatches(pattern: string, name: string): boolean {
  if (!pattern.includes("*")) return pattern === name;
  const source = pattern
    .split("*")
    .map((part) => part.replace(/[.+?^${}()|[\]\\/]/g, "\\$&"))
    .join(".*");
  return new RegExp(`^${source}$`).test(name);
}

/**
 * The functions an event starts: a targeted event goes to its one function, others by trigger (a
 * trigger with a condition only when the event meets it, so a run that would do nothing is never queued).
 */
export function functionsTriggeredBy(plans: Iterable<FunctionPlan>, event: Pick<JobEventPayload, "name" | "data">, target: string | null): FunctionPlan[] {
  const matches: FunctionPlan[] = [];
  for (const plan of plans) {
    const triggered = target
      ? plan.id === target
      : plan.events.some((pattern) => eventMatches(pattern, event.name)) ||
        (plan.conditionalEvents ?? []).some(({ event: pattern, when }) => eventMatches(pattern, event.name) && conditionHolds(when, event));
    if (triggered) matches.push(plan);
  }
  return matches;
}

/** The value of the function's concurrency key for this event, or null when the limit is not keyed. */
export function concurrencyKeyFor(plan: FunctionPlan, event: JobEventPayload): string | null {
  const key = plan.concurrency?.key;
  if (!key) return null;
  return key
    .map((part) => {
      if ("text" in part) return part.text;
      let value: unknown = event;
      for (const step of part.path) value = value !== null && typeof value === "object" ? (value as Record<string, unknown>)[step] : undefined;
      return typeof value === "string" ? value : JSON.stringify(value ?? null);
    })
    .join("");
}
