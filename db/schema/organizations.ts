import { sql } from "drizzle-orm";
import { boolean, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, tz, updatedAt } from "./_columns";

/** Per-endpoint overrides of the requests-per-second table, keyed like "2025-04 GET /trackings". */
export type RateLimitOverrides = Record<string, number>;

/** A link on the tracking page: the merchant's help pages, returns policy… */
export interface TrackingPageLink {
  label: string;
  url: string;
}

/** How the organisation's public tracking page looks (Settings → Tracking page); absent fields take defaults. */
export interface TrackingPageSettings {
  displayName?: string;
  /** `#rrggbb`: buttons, links and the progress bar. */
  accentColor?: string;
  supportEmail?: string;
  links?: TrackingPageLink[];
  /** The languages the page offers, the first being the default. */
  languages?: string[];
  /** Drop-shipping: the courier's name and link never reach the page, its metadata or its e-mails. */
  hideCourier?: boolean;
  /** Drop-shipping: the origin country and every scan before the destination country stay hidden. */
  hideOrigin?: boolean;
  /** A carrier's known phrase beside its wording in the page's language ("both", the default), or in it alone ("translated"), or as sent. */
  scanWording?: "both" | "translated" | "original";
}

export const organizations = pgTable(
  "organizations",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    /** Ordered: detection ranks these couriers first and, without a slug, considers only them. */
    preferredCouriers: text("preferred_couriers").array().notNull().default([]),
    rateLimits: jsonb("rate_limits").$type<RateLimitOverrides>().notNull().default({}),
    /** The tracking page's address, `/t/<handle>`; null: the organisation's id stands in. */
    handle: text("handle"),
    trackingPage: jsonb("tracking_page").$type<TrackingPageSettings>().notNull().default({}),
    /** A host name of the merchant's own (track.example.com) that serves the tracking page at `/`. */
    customDomain: text("custom_domain"),
    /** What the domain's `_waybill-challenge` TXT record must say to prove the merchant holds it. */
    customDomainToken: text("custom_domain_token"),
    /** When that record was found: only then is the domain served (and unique among organisations). */
    customDomainVerifiedAt: tz("custom_domain_verified_at"),
    /** The operator's cap on messages that leave per day (e-mail and SMS); null: the server's default. */
    messagesPerDay: integer("messages_per_day"),
    /** The triggers whose messages go to customers; null: Waybill's default set. */
    notificationTriggers: text("notification_triggers").array(),
    /** A delivery rated 1 or 2 by the shopper puts the tracking in the needs-attention queue. */
    attentionOnLowRating: boolean("attention_on_low_rating").notNull().default(false),
    /** How many days the record of changes (the event feed) keeps; null: kept. */
    changeRetentionDays: integer("change_retention_days"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("organizations_handle_idx").on(table.handle),
    // Claims are free; a domain is one organisation's once proven.
    uniqueIndex("organizations_custom_domain_idx")
      .on(table.customDomain)
      .where(sql`${table.customDomainVerifiedAt} is not null`),
  ],
);

export type Organization = typeof organizations.$inferSelect;
export type NewOrganization = typeof organizations.$inferInsert;
