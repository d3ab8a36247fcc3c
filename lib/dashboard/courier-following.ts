import { eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { courierConnections } from "@/db/schema";
import { providerKeysOf, routeOf } from "@/lib/trackings/poll-route";
import type { CourierFollowing } from "./types";

/**
 * How Waybill follows each courier for an organisation, by the order routing uses: the courier's own
 * API (a connection or the server's credentials), else the organisation's tracking provider, else its own
 * API once connected, else nobody.
 */
export async function courierFollowingFor(db: Database, organizationId: string): Promise<(slug: string) => CourierFollowing> {
  const [keys, connections] = await Promise.all([
    providerKeysOf(db, [organizationId]),
    db.select({ slug: courierConnections.courierSlug }).from(courierConnections).where(eq(courierConnections.organizationId, organizationId)),
  ]);
  const connected = new Set(connections.map((connection) => connection.slug));
  const providers = keys.get(organizationId) ?? new Set();
  return (slug) => {
    const decision = routeOf({ slug, courierConnectionId: connected.has(slug) ? "connected" : null }, providers);
    if (decision.route !== "untrackable") return decision.route;
    return decision.reason === "no_credentials" ? "connect" : "not_trackable";
  };
}
