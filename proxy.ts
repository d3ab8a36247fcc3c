import { NextResponse, type NextRequest } from "next/server";
import { errorResponseFor } from "@/lib/api/envelope";
import { env } from "@/lib/env";
import { securityHeaders } from "@/lib/security-headers";

const API_PATH = /^\/(v4|2024-07|2025-04|2025-07|2026-01|2026-07|tracking|estimated-delivery-date)\//;

/**
 * A path segment that is not valid percent-encoding (`/v4/trackings/%E0%A4`) fails inside Next.js
 * before any route runs, and Next.js answers with a plain-text 500. Under the API's prefixes it
 * gets the 404 envelope instead, like any other URI that names nothing.
 */
function malformedApiPath(pathname: string): Response | undefined {
  try {
    for (const segment of pathname.split("/")) decodeURIComponent(segment);
  } catch {
    return errorResponseFor(404);
  }
  return undefined;
}

/** Pages and the dashboard's routes get the security headers, with a fresh CSP nonce for Next.js's scripts. */
function withSecurityHeaders(request: NextRequest): Response {
  const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
  const https = request.nextUrl.protocol === "https:" || request.headers.get("x-forwarded-proto") === "https";
  const headers = securityHeaders({ nonce, https, development: env().NODE_ENV === "development" });
  // Next.js reads the policy from the request to put the nonce on the scripts it renders.
  const forwarded = new Headers(request.headers);
  forwarded.set("x-nonce", nonce);
  forwarded.set("content-security-policy", headers["content-security-policy"]!);
  const response = NextResponse.next({ request: { headers: forwarded } });
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}

// A merchant's logo carries its own headers (`default-src 'none'; sandbox`), not a page's.
const LOGO_PATH = /^\/t\/[^/]+\/logo$/;

export function proxy(request: NextRequest): Response | undefined {
  const { pathname } = request.nextUrl;
  if (API_PATH.test(pathname)) return malformedApiPath(pathname);
  if (LOGO_PATH.test(pathname)) return undefined;
  return withSecurityHeaders(request);
}

export const config = {
  matcher: [
    // API paths only when they hold a `%`, so ordinary API requests never pay for the proxy.
    "/:prefix(v4|2024-07|2025-04|2025-07|2026-01|2026-07|tracking|estimated-delivery-date)/:rest(.*%.*)",
    "/((?!v4/|2024-07/|2025-04/|2025-07/|2026-01/|2026-07/|tracking/|estimated-delivery-date/|webhooks/|mcp|healthz|readyz|metrics|_next/static|_next/image|favicon.ico).*)",
  ],
};
