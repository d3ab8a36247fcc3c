import type { Executor } from "@/db/client";
import type { Tracking } from "@/db/schema";
import { trackingProviderCallRequested } from "@/lib/events/events";
import type { TrackingProvider } from "@/lib/couriers/providers/provider-codes";
import { recordFollowUp } from "@/lib/events/follow-ups";
import { isProviderRoute, routesOf, type RouteDecision } from "./poll-route";
import { providerTrackingRef } from "./provider-tracking-ref";

export type ProviderCall = "stop" | "restart" | "change-carrier";

type RoutedTracking = Pick<Tracking, "organizationId" | "slug" | "courierConnectionId">;

/** The provider that follows a tracking as it stands (or stood), or undefined when none does. */
async function followingProvider(db: Executor, tracking: RoutedTracking): Promise<TrackingProvider | undefined> {
  const [{ route }] = (await routesOf(db, [tracking])) as [RouteDecision];
  return isProviderRoute(route) ? route : undefined;
}

/**
 * Records, in the verb's transaction, the call the provider that follows a tracking needs when the
 * merchant ends it (completed, deleted: stop) or starts it again (retrack: restart); `tracking` is
 * the row as it was before an end. Returns the follow-up's id (sent after the commit, by the
 * verb or else the sweep, and made in the background: a provider that is down never fails the
 * merchant's request), or null when no provider follows it.
 */
export async function recordProviderFollowUp(tx: Executor, call: "stop" | "restart", tracking: Tracking): Promise<string | null> {
  // An inactive tracking is no longer followed: the poll that ended it stopped it at the provider.
  if (call === "stop" && !tracking.active) return null;
  const provider = await followingProvider(tx, tracking);
  if (!provider) return null;
  return recordFollowUp(tx, tracking.organizationId, trackingProviderCallRequested, {
    organizationId: tracking.organizationId,
    provider,
    call,
    trackings: [providerTrackingRef(tracking)],
  });
}

/**
 * Records, in the verb's transaction, what a corrected courier needs at the provider that followed
 * the tracking: a change of carrier when it follows the new courier too, else a stop (a new route
 * registers the number at its first poll). Null when no provider followed it.
 */
export async function recordCourierChangeFollowUp(tx: Executor, before: Tracking, after: Tracking): Promise<string | null> {
  if (!before.active || before.slug === after.slug) return null;
  const was = await followingProvider(tx, before);
  if (!was) return null;
  const becomes = await followingProvider(tx, after);
  const { organizationId } = before;
  if (was === becomes) {
    return recordFollowUp(tx, organizationId, trackingProviderCallRequested, {
      organizationId,
      provider: was,
      call: "change-carrier",
      trackings: [{ ...providerTrackingRef(after), previousSlug: before.slug }],
    });
  }
  return recordFollowUp(tx, organizationId, trackingProviderCallRequested, {
    organizationId,
    provider: was,
    call: "stop",
    trackings: [providerTrackingRef(before)],
  });
}
