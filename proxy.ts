import { errorResponseFor } from "@/lib/api/envelope";

/**
 * A path segment that is not valid percent-encoding (`/v4/trackings/%E0%A4`) fails inside Next.js
 * before any route runs, and Next.js answers with a plain-text 500. Under the API's prefixes it
 * gets the 404 envelope instead, like any other URI that names nothing. Only paths holding a `%`
 * come here, so ordinary API requests never pay for this.
 */
export function proxy(request: Request): Response | undefined {
  const { pathname } = new URL(request.url);
  try {
    for (const segment of pathname.split("/")) decodeURIComponent(segment);
  } catch {
    return errorResponseFor(404);
  }
  return undefined;
}

export const config = {
  matcher: ["/:prefix(v4|2024-07|2025-04|2025-07|2026-01|2026-07|tracking|estimated-delivery-date)/:rest(.*%.*)"],
};
