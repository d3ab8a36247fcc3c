import { ApiError } from "@/lib/api/errors";
import { commonListFilter, integerParam } from "@/lib/api/versions/list-query";
import type { TrackingListFilter } from "@/lib/trackings/list-trackings";

const DASHBOARD_PAGE_SIZE = 25;
const MAX_PAGE_SIZE = 100;

/**
 * The list's query string, named as the public API names it (keyword, tag, slug, created_at_min,
 * created_at_max), so the filters mean the same in both places. No 120-day default window here.
 */
export function parseTrackingListQuery(query: URLSearchParams): { filter: TrackingListFilter; cursor?: string; limit: number } {
  const filter = commonListFilter(query);
  if (filter.createdAtMin && filter.createdAtMax && filter.createdAtMin > filter.createdAtMax) {
    throw new ApiError(400, "The start of the date range is after its end.");
  }
  return {
    filter,
    cursor: query.get("cursor") || undefined,
    limit: integerParam(query, "limit", { min: 1, max: MAX_PAGE_SIZE }) ?? DASHBOARD_PAGE_SIZE,
  };
}
