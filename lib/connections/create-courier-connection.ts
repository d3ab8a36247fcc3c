import type { Executor } from "@/db/client";
import { courierConnections } from "@/db/schema";
import { newId } from "@/lib/ids";
import { adoptNewConnection } from "@/lib/connections/adopt-new-route";
import { courierConnectionView, type CourierConnectionView } from "./courier-connection-view";
import { credentialsContext, sealCredentials } from "./credentials-cipher";
import { assertCarrierAcceptsCredentials } from "./test-credentials";
import { connectionCourierOrThrow, validateCredentials } from "./validate-credentials";

export interface CourierConnectionInput {
  courierSlug: string;
  credentials: unknown;
}

/**
 * Stores a merchant's carrier account, credentials encrypted, once the carrier did not refuse them;
 * 4008/4009 name the field at fault.
 * Trackings of that courier that nobody could follow take it and are polled soon.
 */
export async function createCourierConnection(db: Executor, organizationId: string, input: CourierConnectionInput): Promise<CourierConnectionView> {
  const courier = connectionCourierOrThrow(input.courierSlug);
  const credentials = validateCredentials(courier, input.credentials);
  await assertCarrierAcceptsCredentials(courier, credentials);
  const id = newId();
  const now = new Date();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(courierConnections)
      .values({
        organizationId,
        id,
        courierSlug: courier.slug,
        credentialsCiphertext: sealCredentials(credentials, credentialsContext(organizationId, id)),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await adoptNewConnection(tx, organizationId, courier.slug, id, now);
    return courierConnectionView(row!);
  });
}
