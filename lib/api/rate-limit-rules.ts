import type { Organization } from "@/db/schema";
import { effectiveLimit, type RateLimitRule } from "./rate-limit";
import type { ApiRoute, ApiVersion } from "./types";

/** The legacy API's single per-organisation limit, on GET operations only. */
export const V4_GET_LIMIT_PER_SECOND = 10;
/** Versioned paths not in the spec's table (an unknown route, say) fall under "other endpoints". */
export const OTHER_ENDPOINT_LIMIT_PER_SECOND = 5;

export function rateLimitRule(version: ApiVersion, method: string, route: ApiRoute | undefined, organization: Organization | undefined): RateLimitRule {
  if (version === "v4") {
    const bucket = "v4 GET";
    return {
      bucket,
      limit: effectiveLimit(bucket, V4_GET_LIMIT_PER_SECOND, organization?.rateLimits),
      consume: method === "GET",
    };
  }
  const bucket = route ? `${version} ${route.method} ${route.pattern}` : `${version} other`;
  const tableLimit = route?.limitPerSecond ?? OTHER_ENDPOINT_LIMIT_PER_SECOND;
  return { bucket, limit: effectiveLimit(bucket, tableLimit, organization?.rateLimits), consume: true };
}
