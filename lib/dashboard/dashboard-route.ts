import type { z } from "zod";
import { getDb, type Database } from "@/db/client";
import { DomainError, InvalidError, LimitReachedError } from "@/lib/domain-errors";
import { renameFields2025 } from "@/lib/couriers/field-names-2025";
import { BodyTooLarge, BodyUnreadable, readLimitedText } from "@/lib/read-limited-body";
import { nulPathOf, withWellFormedStrings } from "@/lib/clean-input";
import { logServerError, requestIdOf } from "@/lib/log-server-error";
import { withRequestOrigin } from "@/lib/http/public-address";
import { requestOrigin } from "@/lib/http/request-origin";
import { refuseForeignWrite } from "./same-origin-write";
import { getDashboardUser, type DashboardUser } from "./session";

export interface DashboardContext<TParams> {
  request: Request;
  user: DashboardUser;
  db: Database;
  params: TParams;
}

type Handler<TParams> = (ctx: DashboardContext<TParams>) => Promise<Response | object | null>;

const DASHBOARD_STATUS: Record<DomainError["kind"], number> = {
  "not-found": 404,
  conflict: 409,
  invalid: 400,
  "limit-reached": 400,
  "not-allowed": 403,
};

const ADMINS_ONLY_MESSAGE = "Admins only: ask an admin of your organisation.";

export function errorJson(status: number, message: string): Response {
  return Response.json({ error: { message } }, { status, headers: { "cache-control": "no-store" } });
}

function toResponse(result: Response | object | null): Response {
  if (result instanceof Response) return result;
  return Response.json(result ?? {}, { headers: { "cache-control": "no-store" } });
}

/** Dashboard forms send a few KB; 64 KB leaves room and nothing more (CSV imports have their own limit). */
const MAX_JSON_BYTES = 64 * 1024;

function errorResponse(request: Request, error: unknown): Response {
  if (error instanceof BodyTooLarge) return errorJson(413, `${error.message} Send less at once.`);
  if (error instanceof BodyUnreadable) return errorJson(400, error.message);
  // The dashboard speaks 2025-04 field names, like its forms.
  if (error instanceof LimitReachedError && error.untilLater) return errorJson(429, error.message);
  if (error instanceof DomainError) return errorJson(DASHBOARD_STATUS[error.kind], renameFields2025(error.message));
  const requestId = requestIdOf(request);
  logServerError("dashboard", request, requestId, error);
  return errorJson(500, `Something went wrong on our side. Try again in a moment (request ${requestId}).`);
}

/**
 * Wraps a dashboard route: changes from the dashboard's own pages only (403/415 otherwise), a
 * signed-in user (401 otherwise), an admin where required (403), their
 * organisation in the context, errors as `{ error: { message } }`. The organisation never comes
 * from the request, so a route can only reach its caller's data.
 */
export function dashboardRoute<TParams = Record<string, never>>(handler: Handler<TParams>, options: { adminOnly?: boolean; bodyType?: string } = {}) {
  return async (request: Request, context: { params: Promise<TParams> }): Promise<Response> => {
    try {
      const user = await getDashboardUser();
      if (!user) return errorJson(401, "Your session has ended: sign in again.");
      const refusal = refuseForeignWrite(request, options.bodyType);
      if (refusal) return errorJson(refusal.status, refusal.message);
      if (options.adminOnly && user.role !== "admin") return errorJson(403, ADMINS_ONLY_MESSAGE);
      const db = await getDb();
      const params = await context.params;
      // Links the handler writes (page addresses, invitations) name the address this user reached.
      return toResponse(await withRequestOrigin(requestOrigin(request), () => handler({ request, user, db, params })));
    } catch (error) {
      return errorResponse(request, error);
    }
  };
}

/** The same error handling for the few routes used before anyone is signed in. */
export function publicRoute(handler: (ctx: { request: Request; db: Database }) => Promise<Response | object | null>) {
  return async (request: Request): Promise<Response> => {
    const refusal = refuseForeignWrite(request);
    if (refusal) return errorJson(refusal.status, refusal.message);
    try {
      const db = await getDb();
      return toResponse(await withRequestOrigin(requestOrigin(request), () => handler({ request, db })));
    } catch (error) {
      return errorResponse(request, error);
    }
  };
}

/** The request's JSON body checked against a schema; a 400 naming the first problem otherwise. */
export async function readJson<T extends z.ZodType>(request: Request, schema: T): Promise<z.output<T>> {
  const text = await readLimitedText(request, MAX_JSON_BYTES);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new InvalidError("body", "format", "The request body must be JSON.");
  }
  const nul = nulPathOf(body);
  if (nul) throw new InvalidError(nul.join(".") || "body", "invalid", `${nul.join(".") || "The body"}: contains a NUL character.`);
  const parsed = schema.safeParse(withWellFormedStrings(body));
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = issue.path.join(".");
    throw new InvalidError(field || "body", "invalid", field ? `${field}: ${issue.message}` : issue.message);
  }
  return parsed.data;
}
