/**
 * Synthetic shipment histories for training and benchmarking the EDD model. Deterministic: the same
 * options give the same shipments (a seeded PRNG, no clock, no Math.random).
 *
 * What it models, each part because real delivery data has it:
 * - Organisations (merchants), each shipping from one warehouse in the US, Germany, the UK, France,
 *   Canada or Australia with its own couriers, order cutoff, processing days and shipping weekdays;
 *   a few ship bulky goods that ride a day longer on ground services (so an organisation's own lanes
 *   can beat the pooled ones).
 * - Order volume per weekday and a November–December peak; the pickup follows the cutoff and processing
 *   days through `computePickup`, the first carrier scan comes a few hours later.
 * - Lanes: real cities with coordinates, state and postal code; base transit (in the courier's working
 *   days) from the great-circle distance and the service (express or ground), plus border crossings.
 * - Couriers with their own delivery weekdays (postal services deliver on Saturdays) and holiday
 *   habits: postal services close on every national public holiday, US parcel carriers only on the six
 *   big ones, German and Australian carriers also on state holidays. The model knows none of this
 *   beyond what the delivery dates show, as with real data.
 * - Origin holidays stop the first half of the journey and destination holidays the second half.
 * - Noise per service (a day early or one or two late), a sorting backlog for Friday pickups, peak-season
 *   delays (late November to Christmas), regional disruptions (storms, strikes: a few days in one
 *   country or state add one or two days), and outliers: late parcels (4–15 days more) and lost ones
 *   (never delivered: `deliveredAt` null).
 */
import Holidays from "date-holidays";
import { computePickup } from "@/lib/edd/compute-pickup";
import { addDays, dayNumber, formatClock, isoWeekday, type LocalDate, secondsOfDay } from "@/lib/edd/local-dates";
import { holidayRegion, isPublicHoliday } from "@/lib/edd/public-holidays";
import { type DeliverySample, type ShipmentAddress } from "@/lib/edd/types";

export interface SimulationOptions {
  seed: number;
  /** First order day. Default "2023-01-02". */
  startDate?: LocalDate;
  /** Days of orders. Default 730. */
  days?: number;
  /** Default 12. */
  organizations?: number;
  /** Mean orders per day over all organisations (before weekday and season effects). Default 80. */
  ordersPerDay?: number;
}

export interface SimulatedShipment extends Omit<DeliverySample, "deliveredAt"> {
  id: string;
  /** "YYYY-MM-DD HH:mm:ss" local at the origin. */
  orderTime: string;
  /** Null for a lost parcel. */
  deliveredAt: string | null;
}

type Country = "USA" | "DEU" | "GBR" | "FRA" | "CAN" | "AUS";

interface Place {
  country: Country;
  /** Left out for France, whose addresses carry no region: lanes then go by postal prefix. */
  state?: string;
  city: string;
  postalPrefix: string;
  lat: number;
  lon: number;
  /** Relative share of recipients within the country. */
  weight: number;
}

const PLACES: Place[] = [
  { country: "USA", state: "CA", city: "Los Angeles", postalPrefix: "900", lat: 34.05, lon: -118.24, weight: 13 },
  { country: "USA", state: "CA", city: "San Francisco", postalPrefix: "941", lat: 37.77, lon: -122.42, weight: 5 },
  { country: "USA", state: "WA", city: "Seattle", postalPrefix: "981", lat: 47.61, lon: -122.33, weight: 4 },
  { country: "USA", state: "AZ", city: "Phoenix", postalPrefix: "850", lat: 33.45, lon: -112.07, weight: 4 },
  { country: "USA", state: "CO", city: "Denver", postalPrefix: "802", lat: 39.74, lon: -104.99, weight: 3 },
  { country: "USA", state: "TX", city: "Dallas", postalPrefix: "752", lat: 32.78, lon: -96.8, weight: 6 },
  { country: "USA", state: "TX", city: "Houston", postalPrefix: "770", lat: 29.76, lon: -95.37, weight: 6 },
  { country: "USA", state: "IL", city: "Chicago", postalPrefix: "606", lat: 41.88, lon: -87.63, weight: 7 },
  { country: "USA", state: "MN", city: "Minneapolis", postalPrefix: "554", lat: 44.98, lon: -93.27, weight: 3 },
  { country: "USA", state: "MI", city: "Detroit", postalPrefix: "482", lat: 42.33, lon: -83.05, weight: 3 },
  { country: "USA", state: "GA", city: "Atlanta", postalPrefix: "303", lat: 33.75, lon: -84.39, weight: 5 },
  { country: "USA", state: "FL", city: "Miami", postalPrefix: "331", lat: 25.76, lon: -80.19, weight: 5 },
  { country: "USA", state: "FL", city: "Orlando", postalPrefix: "328", lat: 28.54, lon: -81.38, weight: 3 },
  { country: "USA", state: "NY", city: "New York", postalPrefix: "100", lat: 40.71, lon: -74.01, weight: 10 },
  { country: "USA", state: "MA", city: "Boston", postalPrefix: "021", lat: 42.36, lon: -71.06, weight: 4 },
  { country: "USA", state: "PA", city: "Philadelphia", postalPrefix: "191", lat: 39.95, lon: -75.17, weight: 4 },
  { country: "DEU", state: "BE", city: "Berlin", postalPrefix: "10", lat: 52.52, lon: 13.4, weight: 4 },
  { country: "DEU", state: "HH", city: "Hamburg", postalPrefix: "20", lat: 53.55, lon: 9.99, weight: 2 },
  { country: "DEU", state: "BY", city: "München", postalPrefix: "80", lat: 48.14, lon: 11.58, weight: 3 },
  { country: "DEU", state: "BY", city: "Nürnberg", postalPrefix: "90", lat: 49.45, lon: 11.08, weight: 1.5 },
  { country: "DEU", state: "NW", city: "Köln", postalPrefix: "50", lat: 50.94, lon: 6.96, weight: 3 },
  { country: "DEU", state: "NW", city: "Düsseldorf", postalPrefix: "40", lat: 51.23, lon: 6.77, weight: 2 },
  { country: "DEU", state: "HE", city: "Frankfurt am Main", postalPrefix: "60", lat: 50.11, lon: 8.68, weight: 2 },
  { country: "DEU", state: "BW", city: "Stuttgart", postalPrefix: "70", lat: 48.78, lon: 9.18, weight: 2 },
  { country: "DEU", state: "SN", city: "Dresden", postalPrefix: "01", lat: 51.05, lon: 13.74, weight: 1.5 },
  { country: "GBR", state: "ENG", city: "London", postalPrefix: "SW", lat: 51.51, lon: -0.13, weight: 9 },
  { country: "GBR", state: "ENG", city: "Manchester", postalPrefix: "M", lat: 53.48, lon: -2.24, weight: 3 },
  { country: "GBR", state: "ENG", city: "Birmingham", postalPrefix: "B", lat: 52.49, lon: -1.89, weight: 3 },
  { country: "GBR", state: "ENG", city: "Leeds", postalPrefix: "LS", lat: 53.8, lon: -1.55, weight: 2 },
  { country: "GBR", state: "SCT", city: "Edinburgh", postalPrefix: "EH", lat: 55.95, lon: -3.19, weight: 1.5 },
  { country: "GBR", state: "SCT", city: "Glasgow", postalPrefix: "G", lat: 55.86, lon: -4.25, weight: 2 },
  { country: "GBR", state: "WLS", city: "Cardiff", postalPrefix: "CF", lat: 51.48, lon: -3.18, weight: 1.5 },
  { country: "GBR", state: "NIR", city: "Belfast", postalPrefix: "BT", lat: 54.6, lon: -5.93, weight: 1 },
  { country: "FRA", city: "Paris", postalPrefix: "75", lat: 48.86, lon: 2.35, weight: 10 },
  { country: "FRA", city: "Lyon", postalPrefix: "69", lat: 45.76, lon: 4.84, weight: 3 },
  { country: "FRA", city: "Marseille", postalPrefix: "13", lat: 43.3, lon: 5.37, weight: 3 },
  { country: "FRA", city: "Toulouse", postalPrefix: "31", lat: 43.6, lon: 1.44, weight: 2 },
  { country: "FRA", city: "Lille", postalPrefix: "59", lat: 50.63, lon: 3.06, weight: 2.5 },
  { country: "FRA", city: "Bordeaux", postalPrefix: "33", lat: 44.84, lon: -0.58, weight: 2 },
  { country: "FRA", city: "Nantes", postalPrefix: "44", lat: 47.22, lon: -1.55, weight: 1.5 },
  { country: "FRA", city: "Strasbourg", postalPrefix: "67", lat: 48.57, lon: 7.75, weight: 1 },
  { country: "CAN", state: "ON", city: "Toronto", postalPrefix: "M5V", lat: 43.65, lon: -79.38, weight: 8 },
  { country: "CAN", state: "ON", city: "Ottawa", postalPrefix: "K1P", lat: 45.42, lon: -75.7, weight: 2 },
  { country: "CAN", state: "QC", city: "Montréal", postalPrefix: "H2X", lat: 45.5, lon: -73.57, weight: 5 },
  { country: "CAN", state: "BC", city: "Vancouver", postalPrefix: "V6B", lat: 49.28, lon: -123.12, weight: 4 },
  { country: "CAN", state: "AB", city: "Calgary", postalPrefix: "T2P", lat: 51.05, lon: -114.07, weight: 2.5 },
  { country: "CAN", state: "NS", city: "Halifax", postalPrefix: "B3H", lat: 44.65, lon: -63.57, weight: 1 },
  { country: "AUS", state: "NSW", city: "Sydney", postalPrefix: "20", lat: -33.87, lon: 151.21, weight: 8 },
  { country: "AUS", state: "VIC", city: "Melbourne", postalPrefix: "30", lat: -37.81, lon: 144.96, weight: 7 },
  { country: "AUS", state: "QLD", city: "Brisbane", postalPrefix: "40", lat: -27.47, lon: 153.03, weight: 4 },
  { country: "AUS", state: "WA", city: "Perth", postalPrefix: "60", lat: -31.95, lon: 115.86, weight: 3 },
  { country: "AUS", state: "SA", city: "Adelaide", postalPrefix: "50", lat: -34.93, lon: 138.6, weight: 2 },
  { country: "AUS", state: "TAS", city: "Hobart", postalPrefix: "70", lat: -42.88, lon: 147.33, weight: 0.8 },
];

/** Ground services ride by road; express ones fly long legs; international ones add a border crossing. */
type ServiceKind = "ground" | "express" | "international_express" | "international_ground";

interface Service {
  name: string;
  kind: ServiceKind;
  /** Extra working days over the distance-based base (slow networks). */
  extraDays: number;
  /** Chance of a day early / one day late / two days late on an ordinary day. */
  early: number;
  late1: number;
  late2: number;
}

/** Which public holidays stop a courier: all of them (state ones too), the national ones, or the six big US ones. */
type HolidayHabit = "state" | "national" | "us_major";

interface Courier {
  slug: string;
  /** ISO weekdays the courier moves and delivers parcels. */
  weekdays: number[];
  holidays: HolidayHabit;
  /** Chance that a Friday pickup waits for Monday's sort for a day more. */
  fridayBacklog: number;
  /** How hard the November–December peak hits (chance of a day late at the top of the peak). */
  peakSensitivity: number;
  services: Service[];
}

const service = (name: string, kind: ServiceKind, extraDays: number, reliability: [number, number, number]): Service => ({
  name,
  kind,
  extraDays,
  early: reliability[0],
  late1: reliability[1],
  late2: reliability[2],
});

const MON_FRI = [1, 2, 3, 4, 5];
const MON_SAT = [1, 2, 3, 4, 5, 6];

const COURIERS: Record<string, Courier> = {
  usps: {
    slug: "usps",
    weekdays: MON_SAT,
    holidays: "national",
    fridayBacklog: 0.1,
    peakSensitivity: 0.5,
    services: [
      service("USPS GROUND ADVANTAGE", "ground", 1, [0.05, 0.16, 0.06]),
      service("USPS PRIORITY MAIL", "express", 1, [0.04, 0.14, 0.04]),
      service("PRIORITY MAIL INTERNATIONAL", "international_ground", 2, [0.08, 0.2, 0.12]),
    ],
  },
  ups: {
    slug: "ups",
    weekdays: MON_FRI,
    holidays: "us_major",
    fridayBacklog: 0.05,
    peakSensitivity: 0.3,
    services: [
      service("UPS GROUND", "ground", 0, [0.03, 0.08, 0.02]),
      service("UPS 2ND DAY AIR", "express", 1, [0.02, 0.05, 0.01]),
      service("UPS STANDARD", "international_ground", 0, [0.04, 0.12, 0.04]),
    ],
  },
  fedex: {
    slug: "fedex",
    weekdays: MON_SAT,
    holidays: "us_major",
    fridayBacklog: 0.08,
    peakSensitivity: 0.35,
    services: [service("FEDEX HOME DELIVERY", "ground", 0, [0.03, 0.1, 0.03]), service("FEDEX 2DAY", "express", 1, [0.02, 0.06, 0.01])],
  },
  dhl: {
    slug: "dhl",
    weekdays: MON_FRI,
    holidays: "state",
    fridayBacklog: 0.05,
    peakSensitivity: 0.25,
    services: [service("EXPRESS WORLDWIDE", "international_express", 0, [0.03, 0.12, 0.04])],
  },
  "dhl-germany": {
    slug: "dhl-germany",
    weekdays: MON_SAT,
    holidays: "state",
    fridayBacklog: 0.05,
    peakSensitivity: 0.4,
    services: [service("DHL PAKET", "ground", 0, [0.02, 0.12, 0.03])],
  },
  "dpd-de": {
    slug: "dpd-de",
    weekdays: MON_FRI,
    holidays: "state",
    fridayBacklog: 0.1,
    peakSensitivity: 0.4,
    services: [service("DPD CLASSIC", "ground", 0, [0.02, 0.14, 0.04]), service("DPD CLASSIC INTERNATIONAL", "international_ground", 0, [0.03, 0.15, 0.05])],
  },
  "hermes-de": {
    slug: "hermes-de",
    weekdays: MON_SAT,
    holidays: "state",
    fridayBacklog: 0.1,
    peakSensitivity: 0.5,
    services: [service("HERMES PAKET", "ground", 1, [0.05, 0.18, 0.06])],
  },
  "royal-mail": {
    slug: "royal-mail",
    weekdays: MON_SAT,
    holidays: "state",
    fridayBacklog: 0.05,
    peakSensitivity: 0.5,
    services: [
      service("TRACKED 24", "express", 0, [0.0, 0.15, 0.04]),
      service("TRACKED 48", "ground", 1, [0.04, 0.16, 0.05]),
      service("INTERNATIONAL TRACKED", "international_ground", 1, [0.08, 0.2, 0.1]),
    ],
  },
  "dpd-uk": {
    slug: "dpd-uk",
    weekdays: MON_FRI,
    holidays: "state",
    fridayBacklog: 0.04,
    peakSensitivity: 0.3,
    services: [service("DPD NEXT DAY", "express", 0, [0.0, 0.08, 0.02])],
  },
  colissimo: {
    slug: "colissimo",
    weekdays: MON_SAT,
    holidays: "national",
    fridayBacklog: 0.1,
    peakSensitivity: 0.45,
    services: [service("COLISSIMO", "ground", 1, [0.05, 0.16, 0.05]), service("COLISSIMO INTERNATIONAL", "international_ground", 1, [0.06, 0.18, 0.08])],
  },
  "chronopost-france": {
    slug: "chronopost-france",
    weekdays: MON_FRI,
    holidays: "national",
    fridayBacklog: 0.05,
    peakSensitivity: 0.3,
    services: [service("CHRONO 13", "express", 0, [0.0, 0.1, 0.02])],
  },
  "canada-post": {
    slug: "canada-post",
    weekdays: MON_FRI,
    holidays: "national",
    fridayBacklog: 0.08,
    peakSensitivity: 0.45,
    services: [service("EXPEDITED PARCEL", "ground", 0, [0.05, 0.15, 0.05]), service("XPRESSPOST", "express", 0, [0.03, 0.1, 0.03])],
  },
  purolator: {
    slug: "purolator",
    weekdays: MON_FRI,
    holidays: "national",
    fridayBacklog: 0.05,
    peakSensitivity: 0.3,
    services: [service("PUROLATOR GROUND", "ground", 0, [0.03, 0.1, 0.03])],
  },
  "australia-post": {
    slug: "australia-post",
    weekdays: MON_FRI,
    holidays: "state",
    fridayBacklog: 0.08,
    peakSensitivity: 0.5,
    services: [
      service("PARCEL POST", "ground", 1, [0.05, 0.18, 0.07]),
      service("EXPRESS POST", "express", 0, [0.03, 0.12, 0.04]),
      service("INTERNATIONAL STANDARD", "international_ground", 2, [0.08, 0.2, 0.12]),
    ],
  },
};

/** Domestic couriers by country, and the international routes: courier, service, origin → destinations. */
const DOMESTIC: Record<Country, [slug: string, service: string][]> = {
  USA: [
    ["usps", "USPS GROUND ADVANTAGE"],
    ["usps", "USPS PRIORITY MAIL"],
    ["ups", "UPS GROUND"],
    ["ups", "UPS 2ND DAY AIR"],
    ["fedex", "FEDEX HOME DELIVERY"],
    ["fedex", "FEDEX 2DAY"],
  ],
  DEU: [
    ["dhl-germany", "DHL PAKET"],
    ["dpd-de", "DPD CLASSIC"],
    ["hermes-de", "HERMES PAKET"],
  ],
  GBR: [
    ["royal-mail", "TRACKED 24"],
    ["royal-mail", "TRACKED 48"],
    ["dpd-uk", "DPD NEXT DAY"],
  ],
  FRA: [
    ["colissimo", "COLISSIMO"],
    ["chronopost-france", "CHRONO 13"],
  ],
  CAN: [
    ["canada-post", "EXPEDITED PARCEL"],
    ["canada-post", "XPRESSPOST"],
    ["purolator", "PUROLATOR GROUND"],
  ],
  AUS: [
    ["australia-post", "PARCEL POST"],
    ["australia-post", "EXPRESS POST"],
  ],
};

const COUNTRIES = Object.keys(DOMESTIC) as Country[];

const INTERNATIONAL: Record<Country, [slug: string, service: string, to: Country[]][]> = {
  USA: [
    ["dhl", "EXPRESS WORLDWIDE", ["DEU", "GBR", "FRA", "CAN", "AUS"]],
    ["ups", "UPS STANDARD", ["CAN"]],
    ["usps", "PRIORITY MAIL INTERNATIONAL", ["CAN", "GBR"]],
  ],
  DEU: [
    ["dhl", "EXPRESS WORLDWIDE", ["USA", "GBR", "FRA", "CAN", "AUS"]],
    ["dpd-de", "DPD CLASSIC INTERNATIONAL", ["FRA"]],
  ],
  GBR: [
    ["dhl", "EXPRESS WORLDWIDE", ["USA", "DEU", "FRA", "CAN", "AUS"]],
    ["royal-mail", "INTERNATIONAL TRACKED", ["DEU", "FRA", "USA"]],
  ],
  FRA: [
    ["dhl", "EXPRESS WORLDWIDE", ["USA", "DEU", "GBR", "CAN"]],
    ["colissimo", "COLISSIMO INTERNATIONAL", ["DEU", "GBR"]],
  ],
  CAN: [["dhl", "EXPRESS WORLDWIDE", ["USA", "GBR", "DEU"]]],
  AUS: [
    ["dhl", "EXPRESS WORLDWIDE", ["USA", "GBR"]],
    ["australia-post", "INTERNATIONAL STANDARD", ["USA", "GBR"]],
  ],
};

const COUNTRY_WEIGHTS: [Country, number][] = [
  ["USA", 45],
  ["DEU", 15],
  ["GBR", 15],
  ["FRA", 10],
  ["CAN", 8],
  ["AUS", 7],
];

// Orders by ISO weekday (index 1 = Monday): people buy more early in the week than at weekends.
const ORDER_WEEKDAY_FACTOR = [0, 1.2, 1.1, 1.05, 1.0, 0.95, 0.8, 0.9];
// The six holidays US parcel carriers close on (date-holidays' English names).
const US_MAJOR_HOLIDAYS = new Set(["New Year's Day", "Memorial Day", "Independence Day", "Labor Day", "Thanksgiving Day", "Christmas Day"]);
const LATE_OUTLIER_SHARE = 0.015;
const LOST_SHARE = 0.004;

interface Organization {
  id: string;
  origin: Place;
  /** Share of all orders. */
  weight: number;
  routes: { slug: string; service: string; to: Country; weight: number }[];
  cutoff: string;
  processingDays: number;
  shippingWeekdays: number[];
  /** Chance a ground parcel rides a day longer (bulky goods). */
  bulkyShare: number;
}

interface Disruption {
  slug: string;
  country: Country;
  /** Null: the whole country. */
  state: string | null;
  from: number;
  to: number;
  extraDays: number;
}

/** Shipments ordered over `days` days from `startDate`, day by day (not sorted by time within a day). */
export function simulateShipments(options: SimulationOptions): SimulatedShipment[] {
  const random = mulberry32(options.seed);
  const startDate = options.startDate ?? "2023-01-02";
  const days = options.days ?? 730;
  const ordersPerDay = options.ordersPerDay ?? 80;
  const organizations = createOrganizations(random, options.organizations ?? 12);
  const disruptions = createDisruptions(random, startDate, days);
  const shipments: SimulatedShipment[] = [];

  for (let offset = 0; offset < days; offset++) {
    const day = addDays(startDate, offset);
    const demand = ordersPerDay * ORDER_WEEKDAY_FACTOR[isoWeekday(day)]! * (1 + 0.8 * peakIntensity(day));
    for (const organization of organizations) {
      const orders = poisson(random, demand * organization.weight);
      for (let order = 0; order < orders; order++) {
        shipments.push(simulateShipment(random, organization, disruptions, day, shipments.length));
      }
    }
  }
  return shipments;
}

function simulateShipment(random: () => number, organization: Organization, disruptions: Disruption[], day: LocalDate, index: number): SimulatedShipment {
  const route = pickWeighted(random, organization.routes, (candidate) => candidate.weight);
  const courier = COURIERS[route.slug]!;
  const courierService = courier.services.find((candidate) => candidate.name === route.service)!;
  const destination = pickWeighted(
    random,
    PLACES.filter((place) => place.country === route.to),
    (place) => place.weight,
  );
  const orderTime = `${day} ${formatClock(Math.floor(random() * 86_400))}`;
  const originRegion = holidayRegion(organization.origin.country, organization.origin.state);
  const pickupAt = computePickup(
    {
      orderTime,
      orderCutoffTime: organization.cutoff,
      businessDays: organization.shippingWeekdays,
      orderProcessingDays: organization.processingDays,
    },
    originRegion ? [originRegion] : [],
  );
  const pickupDate = pickupAt.slice(0, 10);
  // The first carrier scan: between the cutoff and the evening.
  const pickupTime = `${pickupDate} ${formatClock(Math.min(86_399, secondsOfDay(organization.cutoff) + Math.floor(random() * 3 * 3600)))}`;

  let workDays = baseTransit(courierService, organization.origin, destination);
  workDays += noise(random, courierService, workDays);
  if (isoWeekday(pickupDate) === 5 && random() < courier.fridayBacklog) workDays += 1;
  const peak = peakIntensity(pickupDate);
  if (random() < courier.peakSensitivity * peak) workDays += random() < 0.3 ? 2 : 1;
  if (courierService.kind === "ground" && random() < organization.bulkyShare) workDays += 1;
  const pickupDay = dayNumber(pickupDate);
  for (const disruption of disruptions) {
    const hit =
      disruption.slug === courier.slug &&
      disruption.country === destination.country &&
      (disruption.state === null || disruption.state === destination.state) &&
      pickupDay >= disruption.from - 2 &&
      pickupDay <= disruption.to;
    if (hit) workDays += disruption.extraDays;
  }
  const outcome = random();
  if (outcome < LATE_OUTLIER_SHARE) workDays += 4 + Math.floor(random() * 12);

  const lost = outcome > 1 - LOST_SHARE;
  const deliveredDate = lost ? null : walkTransit(courier, organization.origin, destination, pickupDate, Math.max(1, workDays));
  return {
    id: `sim_${String(index).padStart(7, "0")}`,
    organizationId: organization.id,
    slug: courier.slug,
    serviceType: courierService.name,
    origin: addressOf(organization.origin, random),
    destination: addressOf(destination, random),
    orderTime,
    pickupTime,
    deliveredAt: deliveredDate ? `${deliveredDate} ${formatClock(9 * 3600 + Math.floor(random() * 11 * 3600))}` : null,
  };
}

/** Working days on the road: distance bands for ground, fewer for express, plus a border and customs. */
function baseTransit(courierService: Service, from: Place, to: Place): number {
  const km = distanceKm(from, to);
  const ground = km < 150 ? 1 : km < 500 ? 2 : km < 1100 ? 3 : km < 2000 ? 4 : km < 3200 ? 5 : 6;
  const express = km < 800 ? 1 : km < 2500 ? 2 : 3;
  const intercontinental = km > 3500 ? 1 : 0;
  const base = {
    ground,
    express,
    international_express: 2 + intercontinental,
    international_ground: ground + 1 + 2 * intercontinental,
  }[courierService.kind];
  return base + courierService.extraDays;
}

function noise(random: () => number, courierService: Service, base: number): number {
  const draw = random();
  if (draw < courierService.early) return base > 1 ? -1 : 0;
  if (draw < courierService.early + courierService.late1) return 1;
  if (draw < courierService.early + courierService.late1 + courierService.late2) return 2;
  return 0;
}

/**
 * The delivery date after `workDays` working days: the first half on the courier's days at the origin,
 * the rest at the destination, each skipping the holidays the courier keeps there.
 */
function walkTransit(courier: Courier, origin: Place, destination: Place, pickupDate: LocalDate, workDays: number): LocalDate {
  const originDays = Math.ceil(workDays / 2);
  let remaining = workDays;
  let day = pickupDate;
  while (remaining > 0) {
    day = addDays(day, 1);
    const place = remaining > workDays - originDays ? origin : destination;
    if (courier.weekdays.includes(isoWeekday(day)) && !courierClosed(courier, place, day)) remaining--;
  }
  return day;
}

function courierClosed(courier: Courier, place: Place, day: LocalDate): boolean {
  const region = holidayRegion(place.country, courier.holidays === "state" ? place.state : null);
  if (!region || !isPublicHoliday(day, region)) return false;
  return courier.holidays !== "us_major" || usMajorHolidays(Number(day.slice(0, 4))).has(day);
}

const usMajorByYear = new Map<number, Set<LocalDate>>();
function usMajorHolidays(year: number): Set<LocalDate> {
  let dates = usMajorByYear.get(year);
  if (!dates) {
    const holidays = new Holidays("US").getHolidays(year) || [];
    // Observed substitutes ("… (substitute day)") close the carriers too.
    dates = new Set(
      holidays.filter((holiday) => US_MAJOR_HOLIDAYS.has(holiday.name.replace(/ \(substitute day\)$/, ""))).map((holiday) => holiday.date.slice(0, 10)),
    );
    usMajorByYear.set(year, dates);
  }
  return dates;
}

/** 0 outside the peak, rising from 20 November to 1 at mid-December, over by Christmas. */
function peakIntensity(day: LocalDate): number {
  const month = Number(day.slice(5, 7));
  const date = Number(day.slice(8, 10));
  if (month === 11 && date >= 20) return (date - 19) / 25;
  if (month === 12 && date <= 23) return Math.min(1, (date + 11) / 25);
  return 0;
}

function createOrganizations(random: () => number, count: number): Organization[] {
  const organizations: Organization[] = [];
  for (let index = 0; index < count; index++) {
    const country = pickWeighted(random, COUNTRY_WEIGHTS, ([, weight]) => weight)[0];
    const origin = pickWeighted(
      random,
      PLACES.filter((place) => place.country === country),
      (place) => place.weight,
    );
    const domestic = DOMESTIC[country].filter(() => random() < 0.7);
    const couriers = domestic.length > 0 ? domestic : DOMESTIC[country].slice(0, 1);
    const internationalShare = random() < 0.5 ? 0 : 0.05 + random() * 0.15;
    const routes = couriers.map(([slug, serviceName]) => ({ slug, service: serviceName, to: country, weight: (1 - internationalShare) * (0.2 + random()) }));
    if (internationalShare > 0) {
      for (const [slug, serviceName, destinations] of INTERNATIONAL[country]) {
        for (const to of destinations) routes.push({ slug, service: serviceName, to, weight: (internationalShare * random()) / destinations.length });
      }
    }
    organizations.push({
      id: `org_${String(index + 1).padStart(2, "0")}`,
      origin,
      // Zipf-like volumes: a few big shippers and a long tail.
      weight: 1 / (index + 1),
      routes,
      cutoff: pickWeighted(random, ["12:00:00", "15:00:00", "16:00:00", "18:00:00"], () => 1),
      processingDays: pickWeighted(random, [0, 0, 1, 2], () => 1),
      shippingWeekdays: random() < 0.2 ? MON_SAT : MON_FRI,
      bulkyShare: random() < 0.2 ? 0.5 : 0,
    });
  }
  const total = organizations.reduce((sum, organization) => sum + organization.weight, 0);
  for (const organization of organizations) organization.weight /= total;
  return organizations;
}

/** About four disruptions per courier and year, each a few days in one country or one of its states. */
function createDisruptions(random: () => number, startDate: LocalDate, days: number): Disruption[] {
  const disruptions: Disruption[] = [];
  const first = dayNumber(startDate);
  for (const slug of Object.keys(COURIERS)) {
    const count = poisson(random, (4 * days) / 365);
    for (let index = 0; index < count; index++) {
      const country = pickWeighted(random, COUNTRIES, () => 1);
      const states = PLACES.filter((place) => place.country === country && place.state).map((place) => place.state!);
      const from = first + Math.floor(random() * days);
      disruptions.push({
        slug,
        country,
        state: states.length > 0 && random() < 0.7 ? pickWeighted(random, states, () => 1) : null,
        from,
        to: from + 1 + Math.floor(random() * 4),
        extraDays: random() < 0.6 ? 1 : 2,
      });
    }
  }
  return disruptions;
}

function addressOf(place: Place, random: () => number): ShipmentAddress {
  return { country: place.country, state: place.state ?? null, postalCode: postalCode(place, random) };
}

function postalCode(place: Place, random: () => number): string {
  const digit = () => String(Math.floor(random() * 10));
  const letter = () => "ABDEFGHJLNPQRSTUWXYZ"[Math.floor(random() * 20)]!;
  switch (place.country) {
    case "USA":
      return place.postalPrefix + digit() + digit();
    case "GBR":
      return `${place.postalPrefix}${1 + Math.floor(random() * 9)} ${digit()}${letter()}${letter()}`;
    case "CAN":
      return `${place.postalPrefix} ${digit()}${letter()}${digit()}`;
    default:
      return place.postalPrefix + digit() + digit() + (place.postalPrefix.length === 2 && place.country !== "AUS" ? digit() : "");
  }
}

function distanceKm(a: Place, b: Place): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLon = (b.lon - a.lon) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

/** Mulberry32: a small, fast seeded PRNG, plenty for simulation. */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function poisson(random: () => number, mean: number): number {
  // Large means: the normal approximation (Knuth's product would underflow).
  if (mean > 30) {
    const normal = Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
    return Math.max(0, Math.round(mean + Math.sqrt(mean) * normal));
  }
  const limit = Math.exp(-mean);
  let count = 0;
  let product = random();
  while (product > limit) {
    count++;
    product *= random();
  }
  return count;
}

function pickWeighted<T>(random: () => number, items: readonly T[], weight: (item: T) => number): T {
  const total = items.reduce((sum, item) => sum + weight(item), 0);
  let draw = random() * total;
  for (const item of items) {
    draw -= weight(item);
    if (draw < 0) return item;
  }
  return items[items.length - 1]!;
}
