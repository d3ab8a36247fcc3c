import { type EstimatedPickup } from "./compute-pickup";

/** Where a parcel starts or ends; the model needs the country and a state or a postal code. */
export interface ShipmentAddress {
  /** ISO 3166-1 alpha-3 (as the API sends it) or alpha-2. */
  country: string;
  /** State, province or region: a code ("CA", "BY", "NSW") or a name. */
  state?: string | null;
  postalCode?: string | null;
}

/** A delivered shipment, as the model learns from it. */
export interface DeliverySample {
  organizationId: string;
  slug: string;
  serviceType?: string | null;
  origin: ShipmentAddress;
  destination: ShipmentAddress;
  /** When the carrier got the parcel (first carrier scan or ship date), local at the origin: "YYYY-MM-DD[ HH:mm:ss]". */
  pickupTime: string;
  /** When it was delivered, local at the destination: "YYYY-MM-DD[ HH:mm:ss]" (of an ISO 8601 time, the date part counts). */
  deliveredAt: string;
}

/** One shipment to predict: `pickupTime` wins over `estimatedPickup`, and one of them is needed. */
export interface PredictionRequest {
  slug: string;
  serviceType?: string | null;
  origin: ShipmentAddress;
  destination: ShipmentAddress;
  /** "YYYY-MM-DD HH:mm:ss", local at the origin. */
  pickupTime?: string | null;
  estimatedPickup?: EstimatedPickup | null;
}
