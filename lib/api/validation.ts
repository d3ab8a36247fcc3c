import type { z } from "zod";
import { ApiError } from "./errors";

function valueAt(input: unknown, path: PropertyKey[]): unknown {
  let current = input;
  for (const key of path) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

function describeIssue(issue: z.core.$ZodIssue): string {
  if (issue.code === "invalid_value" && "values" in issue) {
    return `expected one of ${issue.values.map((value) => JSON.stringify(value)).join(", ")}`;
  }
  if (issue.code === "invalid_type") return `expected ${issue.expected}`;
  return issue.message.replace(/^Invalid input: /, "");
}

/** A zod failure as the compatible API's errors: 4009 for a missing field, 4008 for a bad value. */
export function zodErrorToApiError(error: z.ZodError, input: unknown, pathPrefix: string[] = []): ApiError {
  const issue = error.issues[0]!;
  const field = [...pathPrefix, ...issue.path.map(String)].join(".") || "body";
  const missing = issue.path.length > 0 && valueAt(input, issue.path) === undefined;
  if (missing) return new ApiError(4009, `\`${field}\` is required.`);
  return new ApiError(4008, `The value of \`${field}\` is invalid: ${describeIssue(issue)}.`);
}

/** Parses with a schema, raising the API's own errors rather than zod's. */
export function parseOrThrow<T extends z.ZodType>(schema: T, input: unknown, pathPrefix: string[] = []): z.output<T> {
  const result = schema.safeParse(input);
  if (!result.success) throw zodErrorToApiError(result.error, input, pathPrefix);
  return result.data;
}
