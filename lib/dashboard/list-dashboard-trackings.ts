import type { Executor } from "@/db/client";
import { listTrackings } from "@/lib/trackings/list-trackings";
import { parseTrackingListQuery } from "./tracking-list-query";
import { trackingSummaryView } from "./tracking-view";
import type { TrackingPage } from "./types";

/** One page of the organisation's trackings, newest first, through the API's keyset paging. */
export async function listDashboardTrackings(db: Executor, organizationId: string, query: URLSearchParams): Promise<TrackingPage> {
  const { filter, cursor, limit } = parseTrackingListQuery(query);
  const result = await listTrackings(db, organizationId, filter, { kind: "cursor", cursor, limit });
  return {
    trackings: result.records.map(trackingSummaryView),
    total: result.total,
    hasNextPage: result.hasNextPage,
    nextCursor: result.nextCursor,
  };
}
