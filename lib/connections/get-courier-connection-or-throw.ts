import { and, eq } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { type CourierConnection, courierConnections } from "@/db/schema";
import { NotFoundError } from "@/lib/domain-errors";
import { courierConnectionView, type CourierConnectionView } from "./courier-connection-view";

export const connectionNotFound = () => new NotFoundError("courier-connection", "Courier connection does not exist.");

/** The organisation's connection row; 404 for any other id, another tenant's included. */
export async function getCourierConnectionRowOrThrow(
  db: Executor,
  organizationId: string,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<CourierConnection> {
  const query = db
    .select()
    .from(courierConnections)
    .where(and(eq(courierConnections.organizationId, organizationId), eq(courierConnections.id, id)))
    .limit(1);
  const [row] = options.forUpdate ? await query.for("update") : await query;
  if (!row) throw connectionNotFound();
  return row;
}

export async function getCourierConnectionOrThrow(db: Executor, organizationId: string, id: string): Promise<CourierConnectionView> {
  return courierConnectionView(await getCourierConnectionRowOrThrow(db, organizationId, id));
}
