import { and, eq } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { courierConnections } from "@/db/schema";
import { courierConnectionView, type CourierConnectionView } from "./courier-connection-view";
import { credentialsContext, sealCredentials } from "./credentials-cipher";
import { connectionNotFound, getCourierConnectionRowOrThrow } from "./get-courier-connection-or-throw";
import { assertCarrierAcceptsCredentials } from "./test-credentials";
import { connectionCourierOrThrow, validateCredentials } from "./validate-credentials";

/**
 * Replaces a connection's credentials with a new complete set, validated as on create (a merge would
 * need secrets the caller can only read back masked).
 */
export async function updateCourierConnection(
  db: Executor,
  organizationId: string,
  id: string,
  input: { credentials: unknown },
): Promise<CourierConnectionView> {
  const current = await getCourierConnectionRowOrThrow(db, organizationId, id);
  const courier = connectionCourierOrThrow(current.courierSlug);
  const credentials = validateCredentials(courier, input.credentials);
  await assertCarrierAcceptsCredentials(courier, credentials);
  const [row] = await db
    .update(courierConnections)
    .set({ credentialsCiphertext: sealCredentials(credentials, credentialsContext(organizationId, id)), updatedAt: new Date() })
    .where(and(eq(courierConnections.organizationId, organizationId), eq(courierConnections.id, id)))
    .returning();
  if (!row) throw connectionNotFound();
  return courierConnectionView(row);
}
