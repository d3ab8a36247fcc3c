/** The API versions Waybill serves, oldest first: a name list shared by the API, webhooks and EDD. */
export const API_VERSIONS = ["v4", "2024-07", "2025-04", "2025-07", "2026-01", "2026-07"] as const;
export type ApiVersion = (typeof API_VERSIONS)[number];

/** 2025-04 and the versions after it: unwrapped, cursor-paged, the 2025 field names. */
export function isFrom2025(version: ApiVersion): boolean {
  return version !== "v4" && version !== "2024-07";
}
