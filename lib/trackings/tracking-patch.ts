import type { NewTracking } from "@/db/schema";

/** Columns a caller may set at creation or change by update (each version accepts a subset). */
export type TrackingPatch = Partial<
  Pick<
    NewTracking,
    | "title"
    | "note"
    | "language"
    | "orderId"
    | "orderIdPath"
    | "orderNumber"
    | "orderDate"
    | "orderPromisedDeliveryDate"
    | "orderPromisedDeliveryDateMin"
    | "orderPromisedDeliveryDateMax"
    | "shipmentDirection"
    | "orderTags"
    | "deliveryType"
    | "pickupLocation"
    | "pickupNote"
    | "customerName"
    | "customFields"
    | "emails"
    | "smses"
    | "customers"
    | "android"
    | "ios"
    | "originCountryIso3"
    | "originState"
    | "originCity"
    | "originPostalCode"
    | "originRawLocation"
    | "destinationCountryIso3"
    | "destinationState"
    | "destinationCity"
    | "destinationPostalCode"
    | "destinationRawLocation"
    | "shipmentType"
    | "shipmentTags"
    | "courierConnectionId"
    | "locationId"
    | "shippingMethod"
    | "nextCouriers"
    | "trackingAccountNumber"
    | "trackingKey"
    | "trackingShipDate"
    | "trackingOriginCountry"
    | "trackingDestinationCountry"
    | "trackingPostalCode"
    | "trackingState"
  >
>;

/** The courier additional fields as stored, keyed by their API names. */
export function additionalFieldsOf(row: Partial<NewTracking>) {
  return {
    tracking_account_number: row.trackingAccountNumber ?? null,
    tracking_key: row.trackingKey ?? null,
    tracking_ship_date: row.trackingShipDate ?? null,
    tracking_origin_country: row.trackingOriginCountry ?? null,
    tracking_destination_country: row.trackingDestinationCountry ?? null,
    tracking_postal_code: row.trackingPostalCode ?? null,
    tracking_state: row.trackingState ?? null,
  };
}

export type AdditionalFieldValues = ReturnType<typeof additionalFieldsOf>;

/** A tracking exists once per organisation for the same courier, number and additional fields. */
export function trackingDedupeKey(slug: string, trackingNumber: string, fields: AdditionalFieldValues): string {
  const extras = Object.entries(fields)
    .filter(([, value]) => value)
    .map(([key, value]) => `${key}=${String(value).trim().toUpperCase()}`)
    .sort();
  return [slug, trackingNumber.toUpperCase(), ...extras].join("|");
}

/** Lower-cased text the keyword filter searches. */
export function searchTextOf(row: Partial<NewTracking>): string {
  const parts = [
    row.trackingNumber,
    row.title,
    row.orderId,
    row.orderNumber,
    row.customerName,
    ...(row.emails ?? []),
    ...(row.smses ?? []),
    ...(row.customers ?? []).flatMap((customer) => [customer.name, customer.email, customer.phone_number]),
    ...Object.values(row.customFields ?? {}),
  ];
  return parts
    .filter((part): part is string => typeof part === "string" && part !== "")
    .join(" ")
    .toLowerCase();
}
