import { and, eq } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { courierConnections, type Tracking } from "@/db/schema";
import { credentialsContext, type Credentials, openCredentials } from "./credentials-cipher";

/**
 * The decrypted credentials of the tracking's courier connection, for `TrackRequest.credentials`;
 * undefined when it uses none, so the adapter falls back to the server's own account.
 */
export async function credentialsForTracking(
  db: Executor,
  tracking: Pick<Tracking, "organizationId" | "courierConnectionId">,
): Promise<Credentials | undefined> {
  if (!tracking.courierConnectionId) return undefined;
  const [row] = await db
    .select({ credentialsCiphertext: courierConnections.credentialsCiphertext })
    .from(courierConnections)
    .where(and(eq(courierConnections.organizationId, tracking.organizationId), eq(courierConnections.id, tracking.courierConnectionId)))
    .limit(1);
  return row ? openCredentials(row.credentialsCiphertext, credentialsContext(tracking.organizationId, tracking.courierConnectionId)) : undefined;
}
