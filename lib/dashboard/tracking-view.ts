import type { Executor } from "@/db/client";
import type { TrackingRecord } from "@/lib/trackings/tracking-record";
import { notTrackableViews } from "./not-trackable-view";
import type { TrackingDetail } from "./types";
import { trackingDetailView } from "./views/tracking-detail";

export { trackingDetailView, trackingSummaryView } from "./views/tracking-detail";

/** `trackingDetailView` with whether anybody can follow the tracking, as the organisation's settings stand now. */
export async function trackingDetailWithRoute(db: Executor, record: TrackingRecord): Promise<TrackingDetail> {
  const [notTrackable] = await notTrackableViews(db, [record.tracking]);
  return trackingDetailView(record, notTrackable ?? null);
}
