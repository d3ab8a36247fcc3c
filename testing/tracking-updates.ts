import { getDb } from "@/db/client";
import { sendEvent, trackingUpdated } from "@/lib/events/events";
import { subtagMessage } from "@/lib/carriers/subtags";
import type { Tag } from "@/lib/tags";
import { callApi } from "@/testing/api-client";
import { applyTrackingUpdate, type TrackingChange } from "@/lib/trackings/apply-tracking-update";
import { trackingUpdatedData } from "@/lib/trackings/tracking-updated-data";
import { getTrackingRowOrThrow } from "@/lib/trackings/get-tracking-or-throw";

let sequence = 0;

/** A testing-courier tracking created through the 2024-07 API (flat body, `emails`/`smses`/`language`); returns its id. */
export async function createTestTracking(key: string, fields: Record<string, unknown> = {}): Promise<string> {
  const response = await callApi("POST", "/2024-07/trackings", {
    key,
    body: { tracking_number: `ITOD-1-${Date.now()}${++sequence}`, slug: "testing-courier", ...fields },
  });
  if (response.status !== 201) throw new Error(`Creating a test tracking failed: ${JSON.stringify(response.body)}`);
  return response.body.data.id as string;
}

export interface Scan {
  tag: Tag;
  subtag: string;
  message: string;
  city?: string;
  countryIso3?: string;
  /** Local time at the scan, without offset. */
  checkpointTime?: string;
}

/**
 * What the poller does with a carrier's answer: stores the checkpoint through the one write path,
 * then sends `tracking/updated` after the commit. Returns the change and the event id.
 */
export async function storeScan(organizationId: string, trackingId: string, scan: Scan): Promise<{ change: TrackingChange; eventId: string }> {
  const db = await getDb();
  const checkpointTime = scan.checkpointTime ?? new Date(Date.UTC(2025, 2, 1, 8, 0, ++sequence)).toISOString().slice(0, 19);
  const change = await db.transaction(async (tx) => {
    const tracking = await getTrackingRowOrThrow(tx, organizationId, { id: trackingId }, { forUpdate: true });
    return applyTrackingUpdate(tx, tracking, {
      now: new Date(),
      checkpoints: [
        {
          checkpointTime,
          occurredAt: null,
          message: scan.message,
          location: null,
          city: scan.city ?? null,
          state: null,
          zip: null,
          countryIso3: scan.countryIso3 ?? null,
          countryName: null,
          coordinates: [],
          tag: scan.tag,
          subtag: scan.subtag,
          subtagMessage: subtagMessage(scan.subtag),
          rawTag: null,
          source: "carrier",
        },
      ],
    });
  });
  const eventId = await sendEvent(trackingUpdated, trackingUpdatedData(change));
  return { change, eventId };
}
