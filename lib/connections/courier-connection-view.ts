import type { CourierConnection } from "@/db/schema";
import { getCourier } from "@/lib/couriers/get-courier";
import { credentialsContext, type Credentials, openCredentials } from "./credentials-cipher";
import { maskCredentials } from "./mask-credentials";

/** A courier connection as the API returns it: credentials decrypted and masked, never in full. */
export interface CourierConnectionView {
  id: string;
  courierSlug: string;
  credentials: Credentials;
  createdAt: Date;
  updatedAt: Date;
}

export function courierConnectionView(row: CourierConnection): CourierConnectionView {
  const credentials = openCredentials(row.credentialsCiphertext, credentialsContext(row.organizationId, row.id));
  return {
    id: row.id,
    courierSlug: row.courierSlug,
    credentials: maskCredentials(getCourier(row.courierSlug), credentials),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
