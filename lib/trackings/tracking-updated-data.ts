import type { TrackingChange } from "@/lib/trackings/apply-tracking-update";
import { hasContacts } from "@/lib/trackings/has-contacts";

/** What `tracking/updated` says of a stored change. */
export interface TrackingUpdatedData {
  organizationId: string;
  trackingId: string;
  tag: string;
  previousTag: string;
  isFirstTag: boolean;
  tagChanged: boolean;
  hasContacts: boolean;
  storeShipped: boolean;
  /** ISO 8601. */
  updatedAt: string;
  /** The change as recorded (lib/trackings/changes). */
  changeId?: string;
}

export function trackingUpdatedData(change: TrackingChange): TrackingUpdatedData {
  const { tracking } = change.record;
  return {
    organizationId: tracking.organizationId,
    trackingId: tracking.id,
    tag: tracking.tag,
    previousTag: change.previousTag,
    isFirstTag: change.isFirstTag,
    tagChanged: change.tagChanged,
    hasContacts: hasContacts(tracking),
    storeShipped: tracking.storeShipped,
    updatedAt: tracking.lastUpdatedAt.toISOString(),
  };
}
