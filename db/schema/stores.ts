import { boolean, index, jsonb, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, tz, updatedAt } from "./_columns";
import { organizations } from "./organizations";

export type StorePlatform = "shopify" | "woocommerce";

/** What Waybill does back in the store (Settings → Stores). */
export interface StoreSettings {
  /** Shopify: set the fulfilment's tracking URL to Waybill's tracking page. */
  setTrackingUrl?: boolean;
  /** WooCommerce: mark the order completed when every parcel is delivered. */
  completeOnDelivery?: boolean;
}

/** The bringing-in of past orders after connecting: resumable from `cursor`. */
export interface StoreBackfill {
  status: "running" | "done" | "failed";
  /** Orders changed since this instant (ISO 8601) are brought in. */
  since: string;
  /** The platform's page cursor (Shopify) or next page number (WooCommerce); null: from the start. */
  cursor: string | null;
  orders: number;
  trackings: number;
  error?: string;
  finishedAt?: string;
}

/** A merchant's shop connected to Waybill: its orders' fulfilments become trackings, and their news goes back. */
export const stores = pgTable(
  "stores",
  {
    id: text("id").primaryKey(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    platform: text("platform").$type<StorePlatform>().notNull(),
    /** Shopify: the shop's `*.myshopify.com` domain; WooCommerce: the site's URL. */
    shop: text("shop").notNull(),
    /** Sealed like courier connections (AES-256-GCM, bound to the store). */
    credentialsCiphertext: text("credentials_ciphertext").notNull(),
    settings: jsonb("settings").$type<StoreSettings>().notNull().default({}),
    backfill: jsonb("backfill").$type<StoreBackfill>(),
    /** The platform's ids of the webhook subscriptions Waybill made, removed with the store. */
    webhookIds: text("webhook_ids").array().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex("stores_shop_idx").on(table.platform, table.shop), index("stores_organization_idx").on(table.organizationId)],
);

/** An order of a connected store as Waybill last read it: what its trackings carry, and whether it has shipped. */
export const storeOrders = pgTable(
  "store_orders",
  {
    organizationId: text("organization_id").notNull(),
    storeId: text("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    orderId: text("order_id").notNull(),
    name: text("name").notNull(),
    placedAt: tz("placed_at").notNull(),
    /** Paid (or authorised, or cash on delivery accepted): it is owed a shipment. */
    paid: boolean("paid").notNull(),
    /** At least one tracking number exists for it, or it needs none (cancelled, nothing to ship). */
    shipped: boolean("shipped").notNull(),
    cancelled: boolean("cancelled").notNull().default(false),
    customerName: text("customer_name"),
    items: text("items").array().notNull().default([]),
    /** Items not in any fulfilment yet ("2 × Bulb"): the order page shows them as being prepared. */
    unshippedItems: text("unshipped_items").array().notNull().default([]),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.storeId, table.orderId] }),
    // The list of orders awaiting shipment, oldest first.
    index("store_orders_awaiting_idx").on(table.organizationId, table.shipped, table.placedAt),
    // The order page's "being prepared": the store's order by the number shoppers know.
    index("store_orders_name_idx").on(table.organizationId, table.name),
  ],
);

/** A tracking number of a store's fulfilment, and the tracking it became; `endedAt` once the store dropped it. */
export const storeShipments = pgTable(
  "store_shipments",
  {
    organizationId: text("organization_id").notNull(),
    storeId: text("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    orderId: text("order_id").notNull(),
    fulfillmentId: text("fulfillment_id").notNull(),
    trackingNumber: text("tracking_number").notNull(),
    trackingId: text("tracking_id").notNull(),
    endedAt: tz("ended_at"),
    /**
     * What the store was last told of this parcel's fulfilment (Shopify's fulfilment status, or the
     * tag for a WooCommerce note), by which change, and when it was sent (null: claimed, not yet sent).
     */
    toldStatus: text("told_status"),
    toldBy: text("told_by"),
    toldAt: tz("told_at"),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.storeId, table.fulfillmentId, table.trackingNumber] }),
    index("store_shipments_tracking_idx").on(table.organizationId, table.trackingId),
  ],
);

/** Webhooks already taken in (Shopify retries; each delivery keeps its id), so a repeat makes nothing new. */
export const storeWebhookReceipts = pgTable(
  "store_webhook_receipts",
  {
    organizationId: text("organization_id").notNull(),
    storeId: text("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    webhookId: text("webhook_id").notNull(),
    receivedAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.storeId, table.webhookId] })],
);

export type Store = typeof stores.$inferSelect;
