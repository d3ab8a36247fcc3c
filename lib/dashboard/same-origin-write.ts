import { env } from "@/lib/env";

const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export type WriteRefusal = { status: 403 | 415; message: string };

/** Where the dashboard is served: NEXTAUTH_URL's origin when set (behind a proxy), else the request's. */
function dashboardOrigin(request: Request): string {
  const configured = env().NEXTAUTH_URL;
  return configured ? new URL(configured).origin : new URL(request.url).origin;
}

/**
 * Cross-site request forgery: a change must come from the dashboard's own pages (its Origin, or a
 * browser's `Sec-Fetch-Site: same-origin`, not merely the same site: a sibling subdomain is
 * another origin) and carry a body type no HTML form or simple request can send.
 */
export function refuseForeignWrite(request: Request, bodyType = "application/json"): WriteRefusal | null {
  if (!MUTATING.has(request.method.toUpperCase())) return null;
  const origin = request.headers.get("origin");
  const sameOrigin = origin ? origin === dashboardOrigin(request) : request.headers.get("sec-fetch-site") === "same-origin";
  if (!sameOrigin) return { status: 403, message: "Changes are accepted only from Waybill's own pages: reload the page and try again." };
  const type = request.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase();
  const hasBody = Number(request.headers.get("content-length") ?? 0) > 0 || request.headers.has("transfer-encoding");
  if ((type && type !== bodyType) || (!type && hasBody)) return { status: 415, message: `Send the body as ${bodyType}.` };
  return null;
}
