import { sql } from "drizzle-orm";
import { boolean, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, tz, updatedAt } from "./_columns";
import { organizations } from "./organizations";

export interface TrackingCustomer {
  /** The customer's id on the merchant's side (2026-07). */
  id?: string | null;
  role: string | null;
  name: string | null;
  phone_number: string | null;
  email: string | null;
  language: string | null;
}

/** 2026-07 `shipment_dimensions`. */
export interface ShipmentDimensions {
  unit: string;
  length: number;
  width: number;
  height: number;
}

/** A signature or photo captured at delivery (2026-07 `proof_of_delivery`). */
export interface ProofOfDelivery {
  type: string;
  url: string;
}

/** Several packages of one shipment (2026-07 `multi_piece_info`). */
export interface MultiPieceInfo {
  type: "master" | "child";
  pieces: Array<{ tracking_id: string | null; tracking_number: string; type: "master" | "child"; trackable: boolean }>;
}

/** The other tracking of a forward/return pair (2026-07 `return_shipment` / `forward_shipment`). */
export interface LinkedShipment {
  id: string;
  tracking_number: string;
  slug: string;
}

export interface NextCourier {
  slug: string;
  tracking_number: string;
  source: string;
}

/** Our own delivery estimate (`waybill_estimated_delivery_date`). */
export interface WaybillEstimate {
  estimated_delivery_date: string;
  estimated_delivery_date_min: string;
  estimated_delivery_date_max: string;
  confidence_score: number | null;
  /** The code 2024-07 and later report instead of the score (10001 high … 30002 coarse lane). */
  confidence_code?: number;
}

export const trackings = pgTable(
  "trackings",
  {
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    /** 32 hex by default; 2025-04 callers may choose their own (up to 128 characters). */
    id: text("id").notNull(),
    trackingNumber: text("tracking_number").notNull(),
    slug: text("slug").notNull(),
    /** slug + number + additional fields: a tracking exists once per organisation. */
    dedupeKey: text("dedupe_key").notNull(),

    trackingAccountNumber: text("tracking_account_number"),
    trackingKey: text("tracking_key"),
    trackingShipDate: text("tracking_ship_date"),
    trackingOriginCountry: text("tracking_origin_country"),
    trackingDestinationCountry: text("tracking_destination_country"),
    trackingPostalCode: text("tracking_postal_code"),
    trackingState: text("tracking_state"),

    title: text("title").notNull(),
    note: text("note"),
    source: text("source").notNull().default("api"),
    language: text("language"),
    orderId: text("order_id"),
    orderIdPath: text("order_id_path"),
    orderNumber: text("order_number"),
    orderDate: text("order_date"),
    orderPromisedDeliveryDate: text("order_promised_delivery_date"),
    /** The promised range (2026-01): either the single date above or this min/max pair is set. */
    orderPromisedDeliveryDateMin: text("order_promised_delivery_date_min"),
    orderPromisedDeliveryDateMax: text("order_promised_delivery_date_max"),
    shipmentDimensions: jsonb("shipment_dimensions").$type<ShipmentDimensions>(),
    /** forward (to the customer) | return (back to the merchant); null when not told. */
    shipmentDirection: text("shipment_direction"),
    proofOfDelivery: jsonb("proof_of_delivery").$type<ProofOfDelivery[]>(),
    multiPieceInfo: jsonb("multi_piece_info").$type<MultiPieceInfo>(),
    returnShipment: jsonb("return_shipment").$type<LinkedShipment>(),
    forwardShipment: jsonb("forward_shipment").$type<LinkedShipment>(),
    orderTags: text("order_tags").array().notNull().default([]),
    deliveryType: text("delivery_type"),
    pickupLocation: text("pickup_location"),
    pickupNote: text("pickup_note"),
    customerName: text("customer_name"),
    customFields: jsonb("custom_fields").$type<Record<string, string>>(),
    emails: text("emails").array().notNull().default([]),
    smses: text("smses").array().notNull().default([]),
    customers: jsonb("customers").$type<TrackingCustomer[]>().notNull().default([]),
    android: text("android").array().notNull().default([]),
    ios: text("ios").array().notNull().default([]),

    originCountryIso3: text("origin_country_iso3"),
    originState: text("origin_state"),
    originCity: text("origin_city"),
    originPostalCode: text("origin_postal_code"),
    originRawLocation: text("origin_raw_location"),
    destinationCountryIso3: text("destination_country_iso3"),
    destinationState: text("destination_state"),
    destinationCity: text("destination_city"),
    destinationPostalCode: text("destination_postal_code"),
    destinationRawLocation: text("destination_raw_location"),
    courierDestinationCountryIso3: text("courier_destination_country_iso3"),

    shipmentType: text("shipment_type"),
    /** Set by the caller: carrier data never overwrites it. */
    shipmentTypeFromCaller: boolean("shipment_type_from_caller").notNull().default(false),
    shipmentTags: text("shipment_tags").array().notNull().default([]),
    shipmentPackageCount: integer("shipment_package_count"),
    shipmentPickupDate: text("shipment_pickup_date"),
    shipmentDeliveryDate: text("shipment_delivery_date"),
    shipmentWeight: doublePrecision("shipment_weight"),
    shipmentWeightUnit: text("shipment_weight_unit"),
    signedBy: text("signed_by"),
    expectedDelivery: text("expected_delivery"),
    serviceType: text("service_type"),
    courierConnectionId: text("courier_connection_id"),
    locationId: text("location_id"),
    shippingMethod: text("shipping_method"),
    nextCouriers: jsonb("next_couriers").$type<NextCourier[]>().notNull().default([]),

    active: boolean("active").notNull().default(true),
    /** It has an open attention flag (not resolved, not snoozed): the list's "needs attention" filter. */
    needsAttention: boolean("needs_attention").notNull().default(false),
    /** A connected store shipped it (lib/stores): its status changes are told to the store. */
    storeShipped: boolean("store_shipped").notNull().default(false),
    tag: text("tag").notNull().default("Pending"),
    subtag: text("subtag").notNull().default("Pending_001"),
    subtagMessage: text("subtag_message").notNull().default("Pending"),
    /** Tags this tracking has reached, to tell a first arrival at a tag from a return to it. */
    tagsReached: text("tags_reached").array().notNull().default([]),
    trackedCount: integer("tracked_count").notNull().default(0),
    returnToSender: boolean("return_to_sender").notNull().default(false),
    firstAttemptedAt: tz("first_attempted_at"),
    /** Instant of the first carrier scan and of delivery: transit time is computed from them. */
    pickedUpAt: tz("picked_up_at"),
    deliveredAt: tz("delivered_at"),
    waybillEstimate: jsonb("waybill_estimate").$type<WaybillEstimate>(),
    /** The first delivery date estimated (the carrier's, else Waybill's), and how often it moved since: Insights' on-time and revision figures. */
    firstEstimate: text("first_estimate"),
    estimateRevisions: integer("estimate_revisions").notNull().default(0),

    retrackCount: integer("retrack_count").notNull().default(0),
    /** When the poller should next ask the carrier; null while inactive. */
    nextPollAt: tz("next_poll_at"),
    lastPolledAt: tz("last_polled_at"),
    /** Last time a carrier (or the user) changed the shipment's data. */
    lastUpdatedAt: tz("last_updated_at").notNull().defaultNow(),
    /** Lower-cased number, title, order id, names, contacts and custom fields: the keyword filter. */
    searchText: text("search_text").notNull().default(""),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    uniqueIndex("trackings_dedupe_idx").on(table.organizationId, table.dedupeKey),
    // List pages: newest first within an organisation, stable through the id tie-breaker.
    index("trackings_list_idx").on(table.organizationId, table.createdAt.desc(), table.id.desc()),
    // Status and courier+status filters, in list order, so a page reads only its own rows.
    index("trackings_tag_list_idx").on(table.organizationId, table.tag, table.createdAt.desc(), table.id.desc()),
    index("trackings_slug_list_idx").on(table.organizationId, table.slug, table.tag, table.createdAt.desc(), table.id.desc()),
    index("trackings_number_idx").on(table.organizationId, table.trackingNumber),
    index("trackings_order_idx").on(table.organizationId, table.orderId),
    // The keyword filter matches anywhere in the text (`ilike '%…%'`): trigrams, not a b-tree, find it.
    index("trackings_search_trgm_idx").using("gin", table.searchText.op("gin_trgm_ops")),
    // The order page and its lookup find an order's parcels by the number the shop gave it.
    index("trackings_order_number_idx").on(table.organizationId, table.orderNumber),
    // The list's "needs attention" filter: few rows, newest first.
    index("trackings_attention_idx")
      .on(table.organizationId, table.createdAt.desc(), table.id.desc())
      .where(sql`${table.needsAttention}`),
    // Deleting a courier connection asks whether trackings still use it.
    index("trackings_connection_idx").on(table.organizationId, table.courierConnectionId),
    // The dispatcher's query: active trackings that are due.
    index("trackings_due_idx")
      .on(table.nextPollAt)
      .where(sql`${table.active} and ${table.nextPollAt} is not null`),
  ],
);

export type Tracking = typeof trackings.$inferSelect;
export type NewTracking = typeof trackings.$inferInsert;
