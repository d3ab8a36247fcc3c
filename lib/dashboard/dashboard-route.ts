import type { z } from "zod";
import { getDb, type Database } from "@/db/client";
import { ApiError } from "@/lib/api/errors";
import { renameFields2025 } from "@/lib/api/versions/2025-04";
import { getDashboardUser, type DashboardUser } from "./session";

export interface DashboardContext<TParams> {
  request: Request;
  user: DashboardUser;
  db: Database;
  params: TParams;
}

type Handler<TParams> = (ctx: DashboardContext<TParams>) => Promise<Response | object | null>;

const ADMINS_ONLY_MESSAGE = "Admins only: ask an admin of your organisation.";

export function errorJson(status: number, message: string): Response {
  return Response.json({ error: { message } }, { status, headers: { "cache-control": "no-store" } });
}

function toResponse(result: Response | object | null): Response {
  if (result instanceof Response) return result;
  return Response.json(result ?? {}, { headers: { "cache-control": "no-store" } });
}

function errorResponse(error: unknown): Response {
  // The dashboard speaks 2025-04 field names, like its forms.
  if (error instanceof ApiError) return errorJson(error.status, renameFields2025(error.message));
  console.error("Dashboard route failed", error);
  return errorJson(500, "Something went wrong on our side. Try again in a moment.");
}

/**
 * Wraps a dashboard route: a signed-in user (401 otherwise), an admin where required (403), their
 * organisation in the context, errors as `{ error: { message } }`. The organisation never comes
 * from the request, so a route can only reach its caller's data.
 */
export function dashboardRoute<TParams = Record<string, never>>(handler: Handler<TParams>, options: { adminOnly?: boolean } = {}) {
  return async (request: Request, context: { params: Promise<TParams> }): Promise<Response> => {
    try {
      const user = await getDashboardUser();
      if (!user) return errorJson(401, "Your session has ended: sign in again.");
      if (options.adminOnly && user.role !== "admin") return errorJson(403, ADMINS_ONLY_MESSAGE);
      return toResponse(await handler({ request, user, db: await getDb(), params: await context.params }));
    } catch (error) {
      return errorResponse(error);
    }
  };
}

/** The same error handling for the few routes used before anyone is signed in. */
export function publicRoute(handler: (ctx: { request: Request; db: Database }) => Promise<Response | object | null>) {
  return async (request: Request): Promise<Response> => {
    try {
      return toResponse(await handler({ request, db: await getDb() }));
    } catch (error) {
      return errorResponse(error);
    }
  };
}

/** The request's JSON body checked against a schema; a 400 naming the first problem otherwise. */
export async function readJson<T extends z.ZodType>(request: Request, schema: T): Promise<z.output<T>> {
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    throw new ApiError(400, "The request body must be JSON.");
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = issue.path.join(".");
    throw new ApiError(400, field ? `${field}: ${issue.message}` : issue.message);
  }
  return parsed.data;
}
