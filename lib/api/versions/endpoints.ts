import { compileRoutes } from "../router";
import type { VersionEndpoint } from "../handle-request";
import type { ApiVersion } from "../types";
import { routeTables } from "./route-tables";

const endpoints = new Map<ApiVersion, VersionEndpoint>();

function endpointOf(version: ApiVersion, versionHeader: string): VersionEndpoint {
  const key = version;
  let compiled = endpoints.get(key);
  if (!compiled) {
    compiled = { version, versionHeader: version, match: compileRoutes(routeTables[version]) };
    endpoints.set(key, compiled);
  }
  return versionHeader === version ? compiled : { ...compiled, versionHeader };
}

/**
 * Which handlers serve a path's version segment. 2025-07 differs from 2025-04 only in headers and
 * a webhook default (AfterShip's migration guide), and the wrapped 2023-10…2024-04 versions speak
 * v4's shapes, so published SDKs built for them work too.
 */
const ALIASES: Record<string, ApiVersion> = {
  v4: "v4",
  "2023-10": "v4",
  "2024-01": "v4",
  "2024-04": "v4",
  "2024-07": "2024-07",
  "2025-04": "2025-04",
  "2025-07": "2025-07",
  "2026-01": "2026-01",
  "2026-07": "2026-07",
};

export function versionEndpoint(segment: string): VersionEndpoint | undefined {
  const version = ALIASES[segment];
  return version ? endpointOf(version, segment) : undefined;
}
