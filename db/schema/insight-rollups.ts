import { date, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";

/** Rows are summed over: organisation, creation day (UTC), courier and lane (ISO3 countries, "" unknown). */
const key = {
  organizationId: text("organization_id").notNull(),
  day: date("day", { mode: "string" }).notNull(),
  slug: text("slug").notNull(),
  origin: text("origin").notNull(),
  destination: text("destination").notNull(),
};
const counter = (name: string) => integer(name).notNull().default(0);

/**
 * What the Insights page reads instead of every tracking: per day, courier and lane, the shipments
 * created and how they stand now. Kept by the write path (lib/trackings/insights): each change adds
 * the tracking's new contribution and takes back its old one, so the table always equals a
 * recomputation from the raw rows.
 */
export const insightRollups = pgTable(
  "insight_rollups",
  {
    ...key,
    shipments: counter("shipments"),
    pending: counter("pending"),
    infoReceived: counter("info_received"),
    inTransit: counter("in_transit"),
    outForDelivery: counter("out_for_delivery"),
    attemptFail: counter("attempt_fail"),
    delivered: counter("delivered"),
    availableForPickup: counter("available_for_pickup"),
    exception: counter("exception"),
    expired: counter("expired"),
    hadException: counter("had_exception"),
    hadFailedAttempt: counter("had_failed_attempt"),
    returned: counter("returned"),
    lost: counter("lost"),
    damaged: counter("damaged"),
    promisedOnTime: counter("promised_on_time"),
    promisedLate: counter("promised_late"),
    firstEstimateOnTime: counter("first_estimate_on_time"),
    firstEstimateLate: counter("first_estimate_late"),
    revised: counter("revised"),
    inRange: counter("in_range"),
    ranged: counter("ranged"),
  },
  (table) => [primaryKey({ columns: [table.organizationId, table.day, table.slug, table.origin, table.destination] })],
);

/** Delivered shipments by transit time in business days, for medians and 90th percentiles per courier and lane. */
export const insightTransit = pgTable(
  "insight_transit",
  {
    ...key,
    businessDays: integer("business_days").notNull(),
    shipments: counter("shipments"),
  },
  (table) => [primaryKey({ columns: [table.organizationId, table.day, table.slug, table.origin, table.destination, table.businessDays] })],
);

export type InsightRollup = typeof insightRollups.$inferSelect;
