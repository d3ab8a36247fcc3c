import { rememberPageHandle } from "@/lib/trackings/page/links";
import { withRequestOrigin } from "@/lib/http/public-address";
import { metrics } from "@/lib/observability/metrics";
import { requestOrigin } from "@/lib/http/request-origin";
import { getDb, type Database } from "@/db/client";
import { authenticateApiKey, type ApiCaller } from "@/lib/accounts/authenticate-api-key";
import { openSigningSecret } from "@/lib/accounts/signing-secret";
import { errorResponse, successResponse } from "./envelope";
import { clientAddressOf } from "@/lib/http/client-address";
import { logServerError, requestIdOf } from "@/lib/log-server-error";
import { DomainError } from "@/lib/domain-errors";
import { ApiError, apiErrorFor, asApiError, type MetaCode } from "./errors";
import { claimIdempotencyKey, idempotencyKeyOf, releaseIdempotencyKey, requestHashOf, storeIdempotentAnswer, type IdempotentRequest } from "./idempotency";
import { assertNoNulInRequest } from "./nul-characters";
import { parseJsonText, readBodyText } from "./parse-body";
import { isSignedRequest, verifyRequestSignature } from "./request-signature";
import { getRateLimiter, rateLimitHeaders } from "./rate-limit";
import { rateLimitRule } from "./rate-limit-rules";
import type { RouteMatch } from "./router";
import type { ApiVersion } from "./types";

/** The header names official clients send the key in, ours first. */
export const API_KEY_HEADERS = ["waybill-api-key", "as-api-key", "aftership-api-key"];

const CORS_HEADERS = {
  "access-control-allow-origin": "*",
  "access-control-allow-methods": "GET, POST, PUT, PATCH, DELETE, OPTIONS",
  "access-control-allow-headers": [
    "content-type",
    ...API_KEY_HEADERS,
    "aftership-agent",
    "aftership-client",
    "request-id",
    "date",
    "as-signature-hmac-sha256",
    "idempotency-key",
  ].join(", "),
  "access-control-expose-headers": "x-ratelimit-limit, x-ratelimit-remaining, x-ratelimit-reset, as-api-version, idempotent-replayed",
};

export function presentedKey(request: Request): string | null {
  for (const name of API_KEY_HEADERS) {
    const value = request.headers.get(name)?.trim();
    if (value) return value;
  }
  return null;
}

/**
 * Splits the legacy SDK's `/last_checkpoint/<id>&fields=…` (an ampersand where `?` belongs) back
 * into a path and query parameters.
 */
function normalisePath(segments: string[], query: URLSearchParams): string[] {
  const last = segments[segments.length - 1];
  if (!last?.includes("&")) return segments;
  const [head, ...pairs] = last.split("&");
  for (const [key, value] of new URLSearchParams(pairs.join("&"))) if (!query.has(key)) query.set(key, value);
  return [...segments.slice(0, -1), head!];
}

export interface VersionEndpoint {
  version: ApiVersion;
  /** What `as-api-version` says; an alias such as 2025-07 still names the version serving it. */
  versionHeader: string;
  match: (method: string, path: string[]) => RouteMatch;
}

/** One request through the public API, counted and timed by its route template (never by its values). */
export async function handleApiRequest(endpoint: VersionEndpoint, request: Request, rawSegments: string[]): Promise<Response> {
  const started = performance.now();
  const observed = { route: `${endpoint.version} unmatched` };
  const response = await answerApiRequest(endpoint, request, rawSegments, observed);
  const { apiRequests, apiDuration } = metrics();
  apiRequests.inc({ route: observed.route, status: String(response.status) });
  apiDuration.observe({ route: observed.route }, (performance.now() - started) / 1000);
  return response;
}

/** Route, authenticate, rate-limit, parse, handle, envelope; names the matched route template in `observed`. */
async function answerApiRequest(endpoint: VersionEndpoint, request: Request, rawSegments: string[], observed: { route: string }): Promise<Response> {
  const headers: Record<string, string> = { ...CORS_HEADERS, "as-api-version": endpoint.versionHeader };
  const method = request.method.toUpperCase();
  const preflight = method === "OPTIONS";
  try {
    const url = new URL(request.url);
    const query = url.searchParams;
    const segments = normalisePath(
      rawSegments.filter((segment) => segment !== ""),
      query,
    );
    // A CORS preflight reports the window of the method it asks about.
    const lookupMethod = preflight ? (request.headers.get("access-control-request-method")?.toUpperCase() ?? "GET") : method === "HEAD" ? "GET" : method;
    const match = endpoint.match(lookupMethod, segments);
    if (match.kind === "found") observed.route = `${endpoint.version} ${match.route.method} ${match.route.pattern}`;

    const db = await getDb();
    const key = presentedKey(request);
    const caller: ApiCaller | null = key ? await authenticateApiKey(db, key) : null;

    const route = match.kind === "found" ? match.route : undefined;
    const rule = rateLimitRule(endpoint.version, lookupMethod, route, caller?.organization);
    const limiter = await getRateLimiter();
    const decision = await limiter.check(
      preflight ? { ...rule, consume: false } : rule,
      caller ? `org:${caller.organization.id}` : `ip:${clientAddressOf(request.headers)}`,
    );
    Object.assign(headers, rateLimitHeaders(decision));
    // Browsers send preflights without the key: answered on any path, spending nothing.
    if (preflight) return new Response(null, { status: 204, headers });

    if (match.kind === "not-found") throw new ApiError(404);
    if (match.kind === "method-not-allowed") {
      headers.allow = match.allowed.join(", ");
      throw new ApiError(405, `The method ${method} is not allowed here; use ${match.allowed.join(" or ")}.`);
    }
    if (!caller) {
      throw new ApiError(401, key ? "Invalid API key." : "API key is missing: send it in the `waybill-api-key` header.");
    }
    if (!decision.allowed) throw new ApiError(429);
    rememberPageHandle(caller.organization);

    const rawBody = method === "GET" || method === "HEAD" ? "" : await readBodyText(request);
    if (isSignedRequest(request)) verifyRequestSignature(request, rawBody, signingSecretOf(caller));
    const body = parseJsonText(rawBody);
    assertNoNulInRequest(match.params, query);
    const idempotencyKey = method === "POST" ? idempotencyKeyOf(request) : null;
    const run = async () => {
      // Tracking page links in this answer name the address the caller used, unless one is configured.
      const result = await withRequestOrigin(requestOrigin(request), () =>
        match.route.handler({
          version: endpoint.version,
          organization: caller.organization,
          apiKeyId: caller.apiKeyId,
          db,
          params: match.params,
          query,
          body,
        }),
      );
      return { status: result.status ?? 200, data: result.data };
    };
    if (!idempotencyKey) {
      const { status, data } = await run();
      return successResponse(data, status, headers);
    }
    const requestHash = requestHashOf(endpoint.version, method, segments, body);
    return await answerIdempotently(db, { organizationId: caller.organization.id, key: idempotencyKey, requestHash }, run, headers);
  } catch (error) {
    if (error instanceof ApiError) return errorResponse(error, headers);
    if (error instanceof DomainError) return errorResponse(apiErrorFor(error), headers);
    const requestId = requestIdOf(request);
    logServerError("api", request, requestId, error);
    return errorResponse(new ApiError(500, `Something went wrong on our side (request ${requestId}).`), { ...headers, "x-request-id": requestId });
  }
}

/**
 * Runs a POST once per `Idempotency-Key` and body: a retry gets the first answer (success or
 * refusal) with `idempotent-replayed: true`; a failure on our side frees the key for the retry.
 */
async function answerIdempotently(
  db: Database,
  request: IdempotentRequest,
  run: () => Promise<{ status: 200 | 201; data: unknown }>,
  headers: Record<string, string>,
): Promise<Response> {
  const claim = await claimIdempotencyKey(db, request);
  if (claim.kind === "replay") {
    const answer = claim.answer;
    const replayed = { ...headers, "idempotent-replayed": "true" };
    if (answer.kind === "success") return successResponse(answer.data, answer.status, replayed);
    return errorResponse(new ApiError(answer.code as MetaCode, answer.message, answer.data), replayed);
  }
  try {
    const { status, data } = await run();
    await storeIdempotentAnswer(db, request, { kind: "success", status, data });
    return successResponse(data, status, headers);
  } catch (caught) {
    const error = asApiError(caught);
    if (error instanceof ApiError && error.status < 500) {
      await storeIdempotentAnswer(db, request, { kind: "error", code: error.code, message: error.message, data: error.data });
    } else {
      await releaseIdempotencyKey(db, request);
    }
    throw error;
  }
}

function signingSecretOf(caller: ApiCaller): string | null {
  return caller.signingSecretCiphertext ? openSigningSecret(caller.organization.id, caller.apiKeyId, caller.signingSecretCiphertext) : null;
}
