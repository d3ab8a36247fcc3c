import type { Executor } from "@/db/client";
import { listTrackings } from "@/lib/trackings/list-trackings";
import { parseTrackingListQuery } from "./tracking-list-query";
import { notTrackableViews } from "./not-trackable-view";
import { trackingSummaryView } from "./tracking-view";
import type { TrackingPage } from "./types";

/** One page of the organisation's trackings, newest first, through the API's keyset paging. */
export async function listDashboardTrackings(db: Executor, organizationId: string, query: URLSearchParams): Promise<TrackingPage> {
  const { filter, cursor, limit } = parseTrackingListQuery(query);
  const result = await listTrackings(db, organizationId, filter, { kind: "cursor", cursor, limit });
  const notTrackable = await notTrackableViews(
    db,
    result.records.map((record) => record.tracking),
  );
  return {
    trackings: result.records.map((record, index) => trackingSummaryView(record, notTrackable[index])),
    total: result.total,
    hasNextPage: result.hasNextPage,
    nextCursor: result.nextCursor,
  };
}
