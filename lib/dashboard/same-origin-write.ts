import { configuredOrigins } from "@/lib/http/public-address";
import { requestOrigin } from "@/lib/http/request-origin";

const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export type WriteRefusal = { status: 403 | 415; message: string };

/** The dashboard's own origins: the address this request used, and the operator's configured ones. */
function isDashboardOrigin(request: Request, origin: string): boolean {
  return origin === requestOrigin(request) || configuredOrigins().includes(origin);
}

/**
 * Cross-site request forgery: a change must come from the dashboard's own pages (its Origin, or a
 * browser's `Sec-Fetch-Site: same-origin`, not merely the same site: a sibling subdomain is
 * another origin) and carry a body type no HTML form or simple request can send.
 */
export function refuseForeignWrite(request: Request, bodyType = "application/json"): WriteRefusal | null {
  if (!MUTATING.has(request.method.toUpperCase())) return null;
  const origin = request.headers.get("origin");
  const sameOrigin = origin ? isDashboardOrigin(request, origin) : request.headers.get("sec-fetch-site") === "same-origin";
  if (!sameOrigin) return { status: 403, message: "Changes are accepted only from Waybill's own pages: reload the page and try again." };
  const type = request.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase();
  const hasBody = Number(request.headers.get("content-length") ?? 0) > 0 || request.headers.has("transfer-encoding");
  if ((type && type !== bodyType) || (!type && hasBody)) return { status: 415, message: `Send the body as ${bodyType}.` };
  return null;
}
