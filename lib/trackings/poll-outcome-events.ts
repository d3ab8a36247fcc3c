import { trackingEstimateRequested, trackingProviderCallRequested, trackingUpdated, storableEvent } from "@/lib/events/events";
import type { FollowUpEvent } from "@/lib/events/follow-ups";
import type { TrackingProvider } from "@/lib/couriers/providers/provider-codes";
import type { ProviderTrackingRef } from "./provider-tracking-ref";
import type { TrackingUpdatedData } from "./tracking-updated-data";

/** A stored change a merchant would notice: the `tracking/updated` event, and whether checkpoints came. */
export type PolledChange = TrackingUpdatedData & { newCheckpointCount: number };

export interface PollOutcome {
  /** Trackings asked of the carrier or provider (or, when nobody can follow them, rescheduled). */
  polled: number;
  /** Deleted, inactive, re-couriered or re-routed since the poll was requested. */
  skipped: number;
  changes: PolledChange[];
  /** Trackings polled for the first time: a poll that was not asked for at creation must still ask for their first estimate. */
  firstPolledIds: string[];
  /** The call was refused or rate limited: the trackings wait until `until` (ISO 8601), for `reason`. */
  postponed?: { reason: string; until: string };
  /** Trackings a provider followed that reached a final tag in this poll: to stop following at the provider. */
  ended?: { provider: TrackingProvider; trackings: ProviderTrackingRef[] };
}

/**
 * What a stored poll (or push) announces, the one place that says so: `tracking/updated` for each
 * change a merchant would notice, a new delivery estimate where checkpoints arrived (and for
 * trackings polled for the first time, unless their estimates were asked for up front), and a stop
 * at the provider for trackings it followed that ended.
 */
export function pollOutcomeEvents(organizationId: string, outcome: PollOutcome, estimatesAskedUpFront: boolean): FollowUpEvent[] {
  // A first poll the dispatcher found (the create's own request was lost) still brings the first estimate.
  const estimateIds = new Set(estimatesAskedUpFront ? [] : outcome.firstPolledIds);
  for (const change of outcome.changes) if (change.newCheckpointCount > 0) estimateIds.add(change.trackingId);
  return [
    ...outcome.changes.map(({ newCheckpointCount: _count, ...change }) => storableEvent(trackingUpdated, change)),
    ...(estimateIds.size ? [storableEvent(trackingEstimateRequested, { organizationId, trackingIds: [...estimateIds] })] : []),
    ...(outcome.ended
      ? [storableEvent(trackingProviderCallRequested, { organizationId, provider: outcome.ended.provider, call: "stop", trackings: outcome.ended.trackings })]
      : []),
  ];
}
