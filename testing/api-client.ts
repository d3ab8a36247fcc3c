import * as v4 from "@/app/v4/[[...path]]/route";
import * as v202407 from "@/app/2024-07/[[...path]]/route";
import * as v202504 from "@/app/2025-04/[[...path]]/route";
import * as v202507 from "@/app/2025-07/[[...path]]/route";
import * as v202601 from "@/app/2026-01/[[...path]]/route";
import * as v202607 from "@/app/2026-07/[[...path]]/route";
import * as trackingPrefix from "@/app/tracking/[version]/[[...path]]/route";
import * as unversionedEdd from "@/app/estimated-delivery-date/[[...path]]/route";

type RouteModule = typeof v4;
type Method = "GET" | "HEAD" | "POST" | "PUT" | "PATCH" | "DELETE" | "OPTIONS";

export interface ApiCallOptions {
  key?: string | null;
  /** Which header carries the key (default: waybill-api-key). */
  keyHeader?: string;
  body?: unknown;
  /** Sent verbatim instead of JSON.stringify(body). */
  rawBody?: string;
  headers?: Record<string, string>;
}

export interface ApiCallResult<T = any> {
  status: number;
  headers: Headers;
  body: { meta: { code: number; message?: string; type?: string }; data: T };
}

/** Resolves a path the way the app directory does: which route module and which params. */
function resolveRoute(pathname: string): { module: RouteModule; params: Record<string, unknown> } {
  const segments = pathname.split("/").slice(1).map(decodeURIComponent);
  const [first, second, ...rest] = segments;
  if (first === "v4") return { module: v4, params: { path: segments.slice(1) } };
  if (first === "2024-07") return { module: v202407, params: { path: segments.slice(1) } };
  if (first === "2025-04") return { module: v202504, params: { path: segments.slice(1) } };
  if (first === "2025-07") return { module: v202507, params: { path: segments.slice(1) } };
  if (first === "2026-01") return { module: v202601, params: { path: segments.slice(1) } };
  if (first === "2026-07") return { module: v202607, params: { path: segments.slice(1) } };
  if (first === "tracking" && second) return { module: trackingPrefix, params: { version: second, path: rest } };
  if (first === "estimated-delivery-date") return { module: unversionedEdd, params: { path: segments.slice(1) } };
  throw new Error(`No API route module for ${pathname}`);
}

/** Hands a request to the app's API route handler for its path, as Next.js would. */
export function routeApiRequest(request: Request): Promise<Response> {
  const { module, params } = resolveRoute(new URL(request.url).pathname);
  return module[request.method as Method](request, { params: Promise.resolve(params) });
}

/** Calls the app's route handlers in-process, as Next.js would, and decodes the envelope. */
export async function callApi<T = any>(method: Method, path: string, options: ApiCallOptions = {}): Promise<ApiCallResult<T>> {
  const url = new URL(path, "http://waybill.test");
  const headers = new Headers(options.headers);
  if (options.key !== undefined && options.key !== null) headers.set(options.keyHeader ?? "waybill-api-key", options.key);
  let body: string | undefined = options.rawBody;
  if (body === undefined && options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined && !headers.has("content-type")) headers.set("content-type", "application/json");
  const response = await routeApiRequest(new Request(url, { method, headers, body }));
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
}
