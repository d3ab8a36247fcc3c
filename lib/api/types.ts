import type { Database } from "@/db/client";
import type { Organization } from "@/db/schema";

import type { ApiVersion } from "@/lib/api-versions";

export { API_VERSIONS, isFrom2025, type ApiVersion } from "@/lib/api-versions";

export const HTTP_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export interface ApiContext {
  version: ApiVersion;
  organization: Organization;
  apiKeyId: string;
  db: Database;
  /** Path parameters named in the route pattern, already decoded. */
  params: Record<string, string>;
  query: URLSearchParams;
  /** The parsed JSON body; undefined when the request had none. */
  body: unknown;
}

export interface ApiResult {
  status?: 200 | 201;
  data: unknown;
}

export type ApiHandler = (ctx: ApiContext) => Promise<ApiResult>;

export interface ApiRoute {
  method: HttpMethod;
  /** e.g. "/trackings/:slug/:tracking_number"; also the rate-limit bucket's name. */
  pattern: string;
  handler: ApiHandler;
  /** Requests per second per organisation (2024-07 and 2025-04); v4 uses one GET-wide limit. */
  limitPerSecond?: number;
}
