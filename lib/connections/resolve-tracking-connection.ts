import { and, asc, eq } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { courierConnections } from "@/db/schema";
import { InvalidError } from "@/lib/domain-errors";

/**
 * The connection a tracking of `slug` polls with: the one asked for, which must be the organisation's
 * and for that courier (else 4008), or by default the courier's earliest connection, or none.
 */
export async function resolveTrackingConnection(
  db: Executor,
  organizationId: string,
  slug: string,
  requestedId: string | null | undefined,
): Promise<string | null> {
  if (!requestedId) {
    const [earliest] = await db
      .select({ id: courierConnections.id })
      .from(courierConnections)
      .where(and(eq(courierConnections.organizationId, organizationId), eq(courierConnections.courierSlug, slug)))
      .orderBy(asc(courierConnections.id))
      .limit(1);
    return earliest?.id ?? null;
  }
  const [connection] = await db
    .select({ courierSlug: courierConnections.courierSlug })
    .from(courierConnections)
    .where(and(eq(courierConnections.organizationId, organizationId), eq(courierConnections.id, requestedId)))
    .limit(1);
  if (!connection) throw invalidConnection(`no courier connection has the id "${requestedId}".`);
  if (connection.courierSlug !== slug) {
    throw invalidConnection(`the connection is for ${connection.courierSlug}, but the tracking's courier is ${slug}.`);
  }
  return requestedId;
}

function invalidConnection(detail: string): InvalidError {
  return new InvalidError("courier_connection_id", "invalid", `The value of \`courier_connection_id\` is invalid: ${detail}`);
}
