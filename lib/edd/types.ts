import { type EstimatedPickup } from "./compute-pickup";
import { type TransitHistogram } from "./transit-distribution";

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

/**
 * Transit-time histograms per lane, pooled over all organisations and per organisation. Plain JSON:
 * `JSON.parse(JSON.stringify(model))` predicts the same, so a model can be stored or cached.
 */
export interface EddModel {
  format: "waybill-edd/1";
  /** Longer transits are counted as this many business days, so lost-then-found parcels stay bounded. */
  maxTransitDays: number;
  /** ISO weekdays each courier delivers on, learned from delivery dates (Monday to Friday when unknown). */
  deliveryWeekdays: Record<string, number[]>;
  /** Lane key (see `laneKeys`) → transit histogram over all organisations. */
  pooled: Record<string, TransitHistogram>;
  /** Organisation id → lane key → transit histogram of that organisation's own shipments. */
  organizations: Record<string, Record<string, TransitHistogram>>;
  /**
   * Courier → 24 half-months (see `seasonPeriod`) → business days that parcels picked up then ran later
   * (or, negative, earlier) than usual for their lane: the November–December peak, summer lulls.
   */
  seasonalDelays: Record<string, number[]>;
}
