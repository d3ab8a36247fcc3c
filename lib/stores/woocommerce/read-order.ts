import { z } from "zod";
import { itemText, type StoreFulfilment, type StoreOrderSnapshot, type StoreParcel } from "../store-order";

const meta = z.object({ key: z.string(), value: z.unknown() });
const person = z.object({
  first_name: z.string().nullish(),
  last_name: z.string().nullish(),
  email: z.string().nullish(),
  phone: z.string().nullish(),
  postcode: z.string().nullish(),
  country: z.string().nullish(),
  city: z.string().nullish(),
  state: z.string().nullish(),
});

/** A WooCommerce REST API v3 order (and the `order.updated` webhook's body). */
export const wooOrder = z.object({
  id: z.number(),
  number: z.string().nullish(),
  status: z.string(),
  date_created_gmt: z.string(),
  date_paid_gmt: z.string().nullish(),
  billing: person.nullish(),
  shipping: person.nullish(),
  line_items: z.array(z.object({ name: z.string(), quantity: z.number().nullish() })).default([]),
  meta_data: z.array(meta).default([]),
});
export type WooOrder = z.infer<typeof wooOrder>;

/** The Shipment Tracking extension's items (also kept by Advanced Shipment Tracking), one per parcel. */
const shipmentTrackingItem = z.object({
  tracking_id: z.string().nullish(),
  tracking_number: z.union([z.string(), z.number()]).nullish(),
  tracking_provider: z.string().nullish(),
  custom_tracking_provider: z.string().nullish(),
});
/** The AfterShip plugin's items. */
const afterShipItem = z.object({ tracking_number: z.union([z.string(), z.number()]).nullish(), slug: z.string().nullish() });

const text = (value: unknown) => (typeof value === "string" || typeof value === "number" ? String(value).trim() : "");

/**
 * The parcels written in the order's meta, by the tracking plugins merchants use: WooCommerce
 * Shipment Tracking and Advanced Shipment Tracking (`_wc_shipment_tracking_items`), the AfterShip
 * plugin (`_aftership_tracking_items`), YITH Order Tracking (`ywot_tracking_code`, `ywot_carrier_name`)
 * and VillaTheme Orders Tracking (`_wot_tracking_number`, `_wot_tracking_carrier`). Each is one fulfilment.
 */
export function parcelsOfWooOrder(order: WooOrder): StoreFulfilment[] {
  const value = (key: string) => order.meta_data.find((entry) => entry.key === key)?.value;
  const fulfilments: StoreFulfilment[] = [];
  const add = (id: string, parcel: StoreParcel) => {
    if (parcel.number && !fulfilments.some((known) => known.parcels[0]!.number === parcel.number))
      fulfilments.push({ id, cancelled: false, parcels: [parcel] });
  };
  for (const raw of Array.isArray(value("_wc_shipment_tracking_items")) ? (value("_wc_shipment_tracking_items") as unknown[]) : []) {
    const item = shipmentTrackingItem.safeParse(raw);
    if (!item.success) continue;
    const number = text(item.data.tracking_number);
    add(`wc-st:${item.data.tracking_id || number}`, { number, company: item.data.custom_tracking_provider || item.data.tracking_provider || null });
  }
  for (const raw of Array.isArray(value("_aftership_tracking_items")) ? (value("_aftership_tracking_items") as unknown[]) : []) {
    const item = afterShipItem.safeParse(raw);
    if (item.success) add(`wc-as:${text(item.data.tracking_number)}`, { number: text(item.data.tracking_number), company: item.data.slug ?? null });
  }
  for (const [numberKey, carrierKey, prefix] of [
    ["ywot_tracking_code", "ywot_carrier_name", "wc-ywot"],
    ["_wot_tracking_number", "_wot_tracking_carrier", "wc-wot"],
  ] as const) {
    const number = text(value(numberKey));
    if (number) add(`${prefix}:${number}`, { number, company: text(value(carrierKey)) || null });
  }
  return fulfilments;
}

const PAID_STATUSES = new Set(["processing", "completed", "on-hold"]);
const fullName = (who: z.infer<typeof person> | null | undefined) => [who?.first_name, who?.last_name].filter(Boolean).join(" ") || null;

/** A WooCommerce order in Waybill's words. */
export function readWooOrder(order: WooOrder): StoreOrderSnapshot {
  const shipping = order.shipping;
  const hasAddress = Boolean(shipping?.postcode || shipping?.country);
  const items = order.line_items.map((item) => itemText(item.name, item.quantity));
  const fulfilments = parcelsOfWooOrder(order);
  return {
    orderId: String(order.id),
    name: `#${order.number || order.id}`,
    placedAt: new Date(`${order.date_created_gmt.replace(/Z?$/, "Z")}`).toISOString(),
    paid: Boolean(order.date_paid_gmt) || PAID_STATUSES.has(order.status),
    cancelled: ["cancelled", "refunded", "failed", "trash"].includes(order.status),
    customerName: fullName(shipping) ?? fullName(order.billing),
    email: order.billing?.email || null,
    phone: order.billing?.phone || null,
    destination: {
      postalCode: (hasAddress ? shipping?.postcode : order.billing?.postcode) || null,
      countryIso2: (hasAddress ? shipping?.country : order.billing?.country) || null,
      city: (hasAddress ? shipping?.city : order.billing?.city) || null,
      state: (hasAddress ? shipping?.state : order.billing?.state) || null,
    },
    items,
    // WooCommerce ships an order whole: until its first parcel, every item is still being prepared.
    unshippedItems: fulfilments.some((fulfilment) => fulfilment.parcels.length > 0) ? [] : items,
    fulfilments,
  };
}
