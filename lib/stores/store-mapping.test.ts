import { describe, expect, it } from "vitest";
import { getCourier } from "@/lib/couriers/get-courier";
import { carrierNameSlugs, slugOfCarrierName } from "./carrier-names";
import { throttleWaitMs } from "./shopify/admin-api";
import { fulfillmentEventStatus, fulfilmentStatusOf } from "./shopify/fulfillment-status";
import { orderOfShopifyWebhook } from "./shopify/webhook-signature";
import { readWooOrder, wooOrder } from "./woocommerce/read-order";

describe("the status Shopify is told", () => {
  it.each([
    ["Pending", "Pending_001", null],
    ["InfoReceived", "InfoReceived_001", "CONFIRMED"],
    ["InTransit", "InTransit_001", "IN_TRANSIT"],
    ["InTransit", "InTransit_002", "CARRIER_PICKED_UP"],
    ["OutForDelivery", "OutForDelivery_003", "OUT_FOR_DELIVERY"],
    ["AttemptFail", "AttemptFail_001", "ATTEMPTED_DELIVERY"],
    ["AvailableForPickup", "AvailableForPickup_001", "READY_FOR_PICKUP"],
    ["Delivered", "Delivered_002", "DELIVERED"],
    ["Exception", "Exception_004", "DELAYED"],
    ["Exception", "Exception_005", "DELAYED"],
    ["Exception", "Exception_013", "FAILURE"],
    ["Expired", "Expired_001", null],
  ])("%s / %s → %s", (tag, subtag, status) => {
    expect(fulfillmentEventStatus(tag, subtag)).toBe(status);
  });

  it("is a fulfilment's: its least advanced parcel, a parcel's trouble at once, delivered when all are", () => {
    const parcel = (tag: string, subtag = `${tag}_001`) => ({ tag, subtag });
    expect(fulfilmentStatusOf([parcel("Delivered"), parcel("OutForDelivery")])).toBe("OUT_FOR_DELIVERY");
    expect(fulfilmentStatusOf([parcel("Delivered"), parcel("Delivered")])).toBe("DELIVERED");
    expect(fulfilmentStatusOf([parcel("Delivered"), parcel("Pending")])).toBe("CONFIRMED");
    expect(fulfilmentStatusOf([parcel("InTransit"), parcel("AttemptFail")])).toBe("ATTEMPTED_DELIVERY");
    expect(fulfilmentStatusOf([parcel("Pending"), parcel("Expired")])).toBeNull();
  });
});

describe("store carrier names", () => {
  it("name catalogue couriers only, whatever the spelling", () => {
    for (const slug of carrierNameSlugs()) expect(getCourier(slug), slug).toBeDefined();
    expect(slugOfCarrierName("DHL Express")).toBe("dhl");
    expect(slugOfCarrierName("Royal Mail")).toBe("royal-mail");
    expect(slugOfCarrierName("australia-post")).toBe("australia-post");
    expect(slugOfCarrierName("Somebody's Van")).toBeNull();
    expect(slugOfCarrierName(null)).toBeNull();
  });
});

describe("Shopify answers and webhooks", () => {
  it("wait as long as the cost bucket needs to hold the query", () => {
    const throttled = {
      extensions: {
        cost: { requestedQueryCost: 627, actualQueryCost: null, throttleStatus: { maximumAvailable: 1000, currentlyAvailable: 127, restoreRate: 100 } },
      },
    };
    expect(throttleWaitMs(throttled)).toBe(5_000);
  });

  it("name their order by topic", () => {
    expect(orderOfShopifyWebhook("fulfillments/create", { order_id: 450789469 })).toBe("gid://shopify/Order/450789469");
    expect(orderOfShopifyWebhook("orders/updated", { id: 820982911946154508, admin_graphql_api_id: "gid://shopify/Order/820982911946154508" })).toBe(
      "gid://shopify/Order/820982911946154508",
    );
    expect(orderOfShopifyWebhook("products/update", { id: 1 })).toBeNull();
  });
});

describe("a WooCommerce order", () => {
  const base = { id: 77, number: "77", status: "processing", date_created_gmt: "2026-11-20T10:00:00", date_paid_gmt: "2026-11-20T10:01:00", line_items: [] };

  it("has the parcels each popular tracking plugin keeps in its meta, once each", () => {
    const order = readWooOrder(
      wooOrder.parse({
        ...base,
        meta_data: [
          { key: "_wc_shipment_tracking_items", value: [{ tracking_provider: "usps", tracking_number: "9400111899223100000001", tracking_id: "a1" }] },
          { key: "_aftership_tracking_items", value: [{ tracking_number: "1Z999AA10123456784", slug: "ups" }] },
          { key: "ywot_tracking_code", value: "RB123456785GB" },
          { key: "ywot_carrier_name", value: "Royal Mail" },
          { key: "_wot_tracking_number", value: "9400111899223100000001" },
        ],
      }),
    );
    expect(order.fulfilments.map((fulfilment) => [fulfilment.id, fulfilment.parcels])).toEqual([
      ["wc-st:a1", [{ number: "9400111899223100000001", company: "usps" }]],
      ["wc-as:1Z999AA10123456784", [{ number: "1Z999AA10123456784", company: "ups" }]],
      ["wc-ywot:RB123456785GB", [{ number: "RB123456785GB", company: "Royal Mail" }]],
    ]);
    expect(order).toMatchObject({ orderId: "77", name: "#77", paid: true, cancelled: false, placedAt: "2026-11-20T10:00:00.000Z" });
  });

  it("is owed a shipment once paid, and not when cancelled", () => {
    expect(readWooOrder(wooOrder.parse({ ...base, status: "pending", date_paid_gmt: null }))).toMatchObject({ paid: false, fulfilments: [] });
    expect(readWooOrder(wooOrder.parse({ ...base, status: "cancelled" }))).toMatchObject({ cancelled: true });
  });
});
