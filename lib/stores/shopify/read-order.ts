import { z } from "zod";
import { itemText, type StoreOrderSnapshot } from "../store-order";

export const shopifyOrder = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  cancelledAt: z.string().nullish(),
  email: z.string().nullish(),
  phone: z.string().nullish(),
  displayFinancialStatus: z.string().nullish(),
  customer: z.object({ displayName: z.string().nullish() }).nullish(),
  shippingAddress: z
    .object({
      name: z.string().nullish(),
      zip: z.string().nullish(),
      countryCodeV2: z.string().nullish(),
      city: z.string().nullish(),
      provinceCode: z.string().nullish(),
    })
    .nullish(),
  lineItems: z.object({ nodes: z.array(z.object({ title: z.string(), quantity: z.number().nullish(), unfulfilledQuantity: z.number().nullish() })) }).nullish(),
  fulfillments: z.array(
    z.object({ id: z.string(), status: z.string(), trackingInfo: z.array(z.object({ number: z.string().nullish(), company: z.string().nullish() })) }),
  ),
});
export type ShopifyOrder = z.infer<typeof shopifyOrder>;

// Owed a shipment: paid in full or part, or authorised for capture at shipping.
const PAID = new Set(["PAID", "PARTIALLY_PAID", "AUTHORIZED", "PARTIALLY_REFUNDED"]);

/** An Admin GraphQL order in Waybill's words. */
export function readShopifyOrder(order: ShopifyOrder): StoreOrderSnapshot {
  const address = order.shippingAddress;
  return {
    orderId: order.id,
    name: order.name,
    placedAt: new Date(order.createdAt).toISOString(),
    paid: PAID.has(order.displayFinancialStatus ?? ""),
    cancelled: Boolean(order.cancelledAt),
    customerName: order.customer?.displayName ?? address?.name ?? null,
    email: order.email || null,
    phone: order.phone || null,
    destination: {
      postalCode: address?.zip ?? null,
      countryIso2: address?.countryCodeV2 ?? null,
      city: address?.city ?? null,
      state: address?.provinceCode ?? null,
    },
    items: (order.lineItems?.nodes ?? []).map((item) => itemText(item.title, item.quantity)),
    unshippedItems: (order.lineItems?.nodes ?? [])
      .filter((item) => (item.unfulfilledQuantity ?? 0) > 0)
      .map((item) => itemText(item.title, item.unfulfilledQuantity)),
    fulfilments: order.fulfillments.map((fulfilment) => ({
      id: fulfilment.id,
      cancelled: fulfilment.status === "CANCELLED" || fulfilment.status === "ERROR" || fulfilment.status === "FAILURE",
      parcels: fulfilment.trackingInfo
        .filter((info): info is { number: string; company: string | null | undefined } => Boolean(info.number?.trim()))
        .map((info) => ({ number: info.number.trim(), company: info.company ?? null })),
    })),
  };
}
