import { toAlpha2 } from "@/lib/countries";
import { holidayRegion } from "./public-holidays";
import { type ShipmentAddress } from "./types";

/**
 * Lane levels from fine to coarse; a prediction uses the first level with enough samples. Levels
 * without the service come after those with it, since the service (express or ground) moves transit
 * times more than the exact region does.
 */
export const LANE_LEVELS = [
  "lane", // courier + service + origin region + destination region
  "service_destination", // courier + service + origin country + destination region
  "service_countries", // courier + service + origin country + destination country
  "regions", // courier + origin region + destination region
  "countries", // courier + origin country + destination country
  "courier",
  "global",
] as const;
export type LaneLevel = (typeof LANE_LEVELS)[number];

export interface LaneShipment {
  slug: string;
  serviceType?: string | null;
  origin: ShipmentAddress;
  destination: ShipmentAddress;
}

export interface LaneKey {
  level: LaneLevel;
  key: string;
}

// Postal prefixes that group a region: US sectional centre (3 digits), Canadian FSA (3 characters);
// British postcodes group by their leading letters (the postcode area); elsewhere the first 2 characters.
const POSTAL_PREFIX_LENGTH: Record<string, number> = { US: 3, CA: 3 };

/** How a courier slug is keyed in a model: trimmed, lower case. */
export function courierKey(slug: string): string {
  return slug.trim().toLowerCase();
}

/** The keys of a shipment's lanes, finest first; the service levels are left out when there is no service. */
export function laneKeys(shipment: LaneShipment): LaneKey[] {
  const slug = courierKey(shipment.slug);
  const service = shipment.serviceType?.trim().toUpperCase() || null;
  const originCountry = countryKey(shipment.origin);
  const destinationCountry = countryKey(shipment.destination);
  const origin = `${originCountry}:${regionKey(shipment.origin)}`;
  const destination = `${destinationCountry}:${regionKey(shipment.destination)}`;
  const keys: LaneKey[] = [];
  if (service) {
    keys.push(
      { level: "lane", key: `lane|${slug}|${service}|${origin}|${destination}` },
      { level: "service_destination", key: `service_destination|${slug}|${service}|${originCountry}|${destination}` },
      { level: "service_countries", key: `service_countries|${slug}|${service}|${originCountry}|${destinationCountry}` },
    );
  }
  keys.push(
    { level: "regions", key: `regions|${slug}|${origin}|${destination}` },
    { level: "countries", key: `countries|${slug}|${originCountry}|${destinationCountry}` },
    { level: "courier", key: `courier|${slug}` },
    { level: "global", key: "global" },
  );
  return keys;
}

function countryKey(address: ShipmentAddress): string {
  return toAlpha2(address.country) ?? address.country.trim().toUpperCase();
}

/** A state (by its date-holidays code when known) or else a postal prefix; "?" when neither is given. */
export function regionKey(address: ShipmentAddress): string {
  const state = address.state?.trim();
  // The API lets countries without states repeat the alpha-3 country code as the state.
  if (state && state.toUpperCase() !== address.country.trim().toUpperCase()) {
    return holidayRegion(address.country, state)?.state ?? state.toUpperCase();
  }
  const postal = address.postalCode?.replace(/\s+/g, "").toUpperCase();
  if (!postal) return "?";
  const country = countryKey(address);
  if (country === "GB") return `#${/^[A-Z]+/.exec(postal)?.[0] ?? postal.slice(0, 2)}`;
  return `#${postal.slice(0, POSTAL_PREFIX_LENGTH[country] ?? 2)}`;
}
