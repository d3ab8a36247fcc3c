import { randomUUID } from "node:crypto";
import { log } from "@/lib/observability/log";

/**
 * What may be logged of an error: its class, a driver's error code and where it was thrown. Not
 * its message, which (from a database driver, say) can quote the customer data that caused it.
 */
export function errorSummary(error: unknown): string {
  if (!(error instanceof Error)) return typeof error;
  const code = (error as { code?: unknown }).code;
  const frames = (error.stack ?? "")
    .split("\n")
    .filter((line) => line.trimStart().startsWith("at "))
    .slice(0, 8)
    .join("\n");
  return `${error.name}${typeof code === "string" || typeof code === "number" ? ` (code ${code})` : ""}${frames ? `\n${frames}` : ""}`;
}

/** The request's own id (`request-id` / `x-request-id`), or a new one to quote in the answer. */
export function requestIdOf(request: Request): string {
  const sent = request.headers.get("x-request-id") ?? request.headers.get("request-id");
  return sent && /^[\w.:-]{1,128}$/.test(sent) ? sent : randomUUID();
}

/** One line per server error: method, path without its query string, request id, error class. */
export function logServerError(scope: string, request: Request, requestId: string, error: unknown): void {
  const path = new URL(request.url).pathname;
  log().error(
    { event: "request_failed", scope, method: request.method, path, requestId, error: errorSummary(error) },
    `[${scope}] ${request.method} ${path} failed`,
  );
}
