import { adapterForSlug } from "@/lib/carriers/registry";
import { listCouriers } from "@/lib/couriers/list-couriers";
import type { CourierConnectionView } from "@/lib/connections/courier-connection-view";
import { getCourier } from "@/lib/couriers/get-courier";
import type { ConnectionCourierOption, ConnectionSummary } from "./types";
import { credentialFieldsFor } from "@/lib/carriers/descriptors";

/** Couriers a merchant can connect their own account for (Waybill asks them directly), with the form each one needs. */
export function listConnectionCouriers(): ConnectionCourierOption[] {
  return listCouriers()
    .filter((courier) => credentialFieldsFor(courier.slug).length > 0 && adapterForSlug(courier.slug) !== null)
    .map((courier) => ({
      slug: courier.slug,
      name: courier.name,
      fields: credentialFieldsFor(courier.slug).map(({ name, required, secret }) => ({ name, required, secret })),
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** A connection as the settings page lists it: masked credentials and the courier's name. */
export function connectionSummary(connection: CourierConnectionView): ConnectionSummary {
  return {
    id: connection.id,
    courierSlug: connection.courierSlug,
    courierName: getCourier(connection.courierSlug)?.name ?? connection.courierSlug,
    credentials: connection.credentials,
    createdAt: connection.createdAt.toISOString(),
    updatedAt: connection.updatedAt.toISOString(),
  };
}
