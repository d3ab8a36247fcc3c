import { sendEvent, trackingUpdated } from "@/inngest/events";
import type { TrackingChange } from "@/lib/trackings/apply-tracking-update";
import { hasContacts } from "@/lib/notifications/has-contacts";

/**
 * After the commit of a merchant's own change (mark as completed, from the API or the dashboard),
 * tells webhooks and contact notifications about it, as the poller does for carrier changes.
 */
export async function announceTrackingChange(change: TrackingChange): Promise<void> {
  if (!change.changed) return;
  const { tracking } = change.record;
  await sendEvent(trackingUpdated, {
    organizationId: tracking.organizationId,
    trackingId: tracking.id,
    tag: tracking.tag,
    previousTag: change.previousTag,
    isFirstTag: change.isFirstTag,
    tagChanged: change.tagChanged,
    hasContacts: hasContacts(tracking),
    updatedAt: tracking.lastUpdatedAt.toISOString(),
  });
}
