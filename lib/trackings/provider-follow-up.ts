import type { Executor } from "@/db/client";
import type { Tracking } from "@/db/schema";
import { sendEvent, trackingProviderCallRequested } from "@/inngest/events";
import type { TrackingProvider } from "@/lib/couriers/providers/provider-codes";
import { PROVIDER_NAMES } from "./not-trackable";
import { isProviderRoute, routesOf, type RouteDecision } from "./poll-route";
import { providerTrackingRef, type ProviderTrackingRef } from "./provider-tracking-ref";

export type ProviderCall = "stop" | "restart" | "change-carrier";

type RoutedTracking = Pick<Tracking, "organizationId" | "slug" | "courierConnectionId">;

/** The provider that follows a tracking as it stands (or stood), or undefined when none does. */
async function followingProvider(db: Executor, tracking: RoutedTracking): Promise<TrackingProvider | undefined> {
  const [{ route }] = (await routesOf(db, [tracking])) as [RouteDecision];
  return isProviderRoute(route) ? route : undefined;
}

/**
 * Asks for a provider call over some of an organisation's trackings, after the commit that made it
 * needed. The call itself runs in the background and waits out an outage; a failed request is one
 * short line in the log, never the merchant's error.
 */
export async function sendProviderCall(
  organizationId: string,
  provider: TrackingProvider,
  call: ProviderCall,
  trackings: Array<ProviderTrackingRef & { previousSlug?: string }>,
): Promise<void> {
  if (!trackings.length) return;
  try {
    await sendEvent(trackingProviderCallRequested, { organizationId, provider, call, trackings });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    console.warn(`Waybill: could not ask ${PROVIDER_NAMES[provider]} to ${call} ${trackings.length} tracking(s) of organisation ${organizationId}: ${reason}`);
  }
}

/**
 * After a tracking ended by the merchant's word (completed, deleted) or started again (retrack):
 * tells the provider that follows it, if any. `tracking` is the row as it was before an end.
 */
export async function followUpAtProvider(db: Executor, call: "stop" | "restart", tracking: Tracking): Promise<void> {
  // An inactive tracking is no longer followed: the poll that ended it stopped it at the provider.
  if (call === "stop" && !tracking.active) return;
  const provider = await afterCommit(tracking, () => followingProvider(db, tracking));
  if (provider) await sendProviderCall(tracking.organizationId, provider, call, [providerTrackingRef(tracking)]);
}

/** A look-up made after the merchant's change has committed: its failure is a line in the log, not their error. */
async function afterCommit<T>(tracking: Tracking, work: () => Promise<T>): Promise<T | undefined> {
  try {
    return await work();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    console.warn(`Waybill: could not tell the tracking provider about tracking ${tracking.id} of organisation ${tracking.organizationId}: ${reason}`);
    return undefined;
  }
}

/**
 * After the merchant corrected a tracking's courier: the provider that followed it under the old
 * courier changes its carrier when it follows the new one too, else stops; a new route registers
 * the number at its first poll.
 */
export async function followUpCourierChange(db: Executor, before: Tracking, after: Tracking): Promise<void> {
  if (!before.active || before.slug === after.slug) return;
  const routes = await afterCommit(before, () => Promise.all([followingProvider(db, before), followingProvider(db, after)]));
  const [was, becomes] = routes ?? [];
  if (!was) return;
  if (was === becomes) await sendProviderCall(after.organizationId, was, "change-carrier", [{ ...providerTrackingRef(after), previousSlug: before.slug }]);
  else await sendProviderCall(before.organizationId, was, "stop", [providerTrackingRef(before)]);
}
