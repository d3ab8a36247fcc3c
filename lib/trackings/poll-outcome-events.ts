import { trackingEstimateRequested, trackingProviderCallRequested, trackingUpdated, storableEvent } from "@/lib/events/events";
import type { FollowUpEvent } from "@/lib/events/follow-ups";
import type { PollOutcome } from "./store-poll-answers";

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
    ...[...estimateIds].map((trackingId) => storableEvent(trackingEstimateRequested, { organizationId, trackingId })),
    ...(outcome.ended
      ? [storableEvent(trackingProviderCallRequested, { organizationId, provider: outcome.ended.provider, call: "stop", trackings: outcome.ended.trackings })]
      : []),
  ];
}
