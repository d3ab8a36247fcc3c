import { inArray } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { trackingProviderConnections, type Tracking } from "@/db/schema";
import { canPollDirectly, providerAdapter } from "@/lib/carriers/registry";
import { serverProviderCredentials } from "@/lib/connections/provider-credentials";
import { providerFollows, TRACKING_PROVIDERS, type TrackingProvider } from "@/lib/couriers/providers/provider-codes";

/** Who answers a tracking's polls: its courier's own adapter, a tracking provider, or nobody. */
export type PollRoute = "direct" | TrackingProvider | "untrackable";

export const isProviderRoute = (route: PollRoute): route is TrackingProvider => route !== "direct" && route !== "untrackable";

/**
 * Why nobody can follow a tracking: its courier has an adapter but neither a connection nor
 * server credentials (`no_credentials`); a tracking provider would follow it but the organisation
 * has no key for one (`no_provider`); or no provider follows this courier at all (`not_covered`).
 */
export type NotTrackableCode = "no_credentials" | "no_provider" | "not_covered";

export type RouteDecision = { route: "direct" | TrackingProvider } | { route: "untrackable"; reason: NotTrackableCode };

/** The tracking providers an organisation has a key for (its own or the server's). */
export type ProviderKeys = ReadonlySet<TrackingProvider>;

/** Providers tried in this order when several follow a courier: 17TRACK covers the most couriers. */
export const PROVIDER_PREFERENCE: readonly TrackingProvider[] = TRACKING_PROVIDERS;

/** The providers that can follow a courier at all (whether or not anyone has a key). */
export function providersCovering(slug: string): TrackingProvider[] {
  return PROVIDER_PREFERENCE.filter((provider) => providerFollows(provider, slug) && providerAdapter(provider) !== null);
}

/**
 * The route of one tracking: a direct adapter with the tracking's courier connection or the
 * server's credentials; else the first provider the organisation has a key for that follows the
 * courier; else not trackable, with the reason.
 */
export function routeOf(tracking: Pick<Tracking, "slug" | "courierConnectionId">, keys: ProviderKeys): RouteDecision {
  if (canPollDirectly(tracking.slug, tracking.courierConnectionId !== null)) return { route: "direct" };
  const covering = providersCovering(tracking.slug);
  const provider = covering.find((candidate) => keys.has(candidate));
  if (provider) return { route: provider };
  if (canPollDirectly(tracking.slug, true)) return { route: "untrackable", reason: "no_credentials" };
  return { route: "untrackable", reason: covering.length ? "no_provider" : "not_covered" };
}

/** The providers each organisation has a key for, its own or the server's: one query for all of them. */
export async function providerKeysOf(db: Executor, organizationIds: readonly string[]): Promise<Map<string, ProviderKeys>> {
  const server = TRACKING_PROVIDERS.filter((provider) => serverProviderCredentials(provider) !== undefined);
  const keys = new Map<string, Set<TrackingProvider>>(organizationIds.map((id) => [id, new Set(server)]));
  // Every organisation has the server's keys: its own rows add nothing then.
  if (server.length === TRACKING_PROVIDERS.length || organizationIds.length === 0) return keys;
  const rows = await db
    .select({ organizationId: trackingProviderConnections.organizationId, provider: trackingProviderConnections.provider })
    .from(trackingProviderConnections)
    .where(inArray(trackingProviderConnections.organizationId, [...new Set(organizationIds)]));
  for (const row of rows) keys.get(row.organizationId)?.add(row.provider as TrackingProvider);
  return keys;
}

/** The route of each tracking, in order, for trackings of one or several organisations. */
export async function routesOf(db: Executor, rows: ReadonlyArray<Pick<Tracking, "organizationId" | "slug" | "courierConnectionId">>): Promise<RouteDecision[]> {
  // Trackings polled directly, or of couriers no provider follows, need no look-up of provider keys.
  const undecided = rows.filter((row) => !canPollDirectly(row.slug, row.courierConnectionId !== null) && providersCovering(row.slug).length > 0);
  const keys = await providerKeysOf(db, [...new Set(undecided.map((row) => row.organizationId))]);
  return rows.map((row) => routeOf(row, keys.get(row.organizationId) ?? new Set()));
}
