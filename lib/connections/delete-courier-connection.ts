import { and, eq, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { courierConnections, trackings } from "@/db/schema";
import { ConflictError } from "@/lib/domain-errors";
import { courierConnectionView, type CourierConnectionView } from "./courier-connection-view";
import { getCourierConnectionRowOrThrow } from "./get-courier-connection-or-throw";

/** Deletes an unused connection and returns it; refused (409) while trackings poll with it. */
export async function deleteCourierConnection(db: Database, organizationId: string, id: string): Promise<CourierConnectionView> {
  return db.transaction(async (tx) => {
    const row = await getCourierConnectionRowOrThrow(tx, organizationId, id, { forUpdate: true });
    const [{ inUse } = { inUse: 0 }] = await tx
      .select({ inUse: sql<number>`count(*)::int` })
      .from(trackings)
      .where(and(eq(trackings.organizationId, organizationId), eq(trackings.courierConnectionId, id)));
    if (inUse > 0) {
      throw new ConflictError(
        "courier-connection",
        `The courier connection is used by ${inUse} tracking${inUse === 1 ? "" : "s"}: give ${inUse === 1 ? "it" : "them"} another \`courier_connection_id\` or delete ${inUse === 1 ? "it" : "them"} first.`,
      );
    }
    const view = courierConnectionView(row);
    await tx.delete(courierConnections).where(and(eq(courierConnections.organizationId, organizationId), eq(courierConnections.id, id)));
    return view;
  });
}
