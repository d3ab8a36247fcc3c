import type { StoreClient, StoreOrdersPage } from "../store-order";
import { type AdminApiOptions, assertNoUserErrors, shopifyGraphql, type ShopifyAccess } from "./admin-api";
import { fulfillmentEventStatus } from "./fulfillment-status";
import {
  FULFILLMENT_EVENT_CREATE,
  ORDER_QUERY,
  ORDERS_QUERY,
  SHOP_QUERY,
  TRACKING_INFO_UPDATE,
  WEBHOOK_CREATE,
  WEBHOOK_DELETE,
  WEBHOOK_TOPICS,
} from "./queries";
import { readShopifyOrder, type ShopifyOrder } from "./read-order";

type UserErrors = { userErrors: Array<{ field?: string[] | null; message: string }> };

/** Orders per backfill page: with their line items and fulfilments a page stays well under the 1,000-point query limit. */
const ORDERS_PER_PAGE = 25;

/** A Shopify shop through its custom app's Admin API access token (GraphQL Admin API). */
export function shopifyClient(access: ShopifyAccess, options: AdminApiOptions = {}): StoreClient {
  const call = <T>(query: string, variables: Record<string, unknown> = {}) => shopifyGraphql<T>(access, query, variables, options);
  return {
    async check() {
      const { shop } = await call<{ shop: { name: string } }>(SHOP_QUERY);
      return shop.name;
    },

    async subscribe(callbackUrl) {
      const ids: string[] = [];
      for (const topic of WEBHOOK_TOPICS) {
        const data = await call<{ webhookSubscriptionCreate: UserErrors & { webhookSubscription: { id: string } | null } }>(WEBHOOK_CREATE, {
          topic,
          webhookSubscription: { uri: callbackUrl, format: "JSON" },
        });
        assertNoUserErrors(data.webhookSubscriptionCreate, `subscribe to ${topic}`);
        ids.push(data.webhookSubscriptionCreate.webhookSubscription!.id);
      }
      return ids;
    },

    async unsubscribe(ids) {
      for (const id of ids) await call(WEBHOOK_DELETE, { id });
    },

    async order(orderId) {
      const { order } = await call<{ order: ShopifyOrder | null }>(ORDER_QUERY, { id: orderId });
      return order ? readShopifyOrder(order) : null;
    },

    async ordersPage(since, cursor): Promise<StoreOrdersPage> {
      const { orders } = await call<{ orders: { pageInfo: { hasNextPage: boolean; endCursor: string | null }; nodes: ShopifyOrder[] } }>(ORDERS_QUERY, {
        first: ORDERS_PER_PAGE,
        after: cursor,
        query: `updated_at:>='${since.toISOString()}'`,
      });
      return { orders: orders.nodes.map(readShopifyOrder), next: orders.pageInfo.hasNextPage ? orders.pageInfo.endCursor : null };
    },

    async tell(shipment, news, { setTrackingUrl }) {
      const status = news.fulfilmentStatus ?? fulfillmentEventStatus(news.tag, news.subtag);
      if (status) {
        const data = await call<{ fulfillmentEventCreate: UserErrors }>(FULFILLMENT_EVENT_CREATE, {
          fulfillmentEvent: {
            fulfillmentId: shipment.fulfillmentId,
            status,
            happenedAt: news.happenedAt,
            message: news.message,
            city: news.city,
            country: news.country,
            estimatedDeliveryAt: news.estimatedDelivery ? `${news.estimatedDelivery}T00:00:00Z` : null,
          },
        });
        assertNoUserErrors(data.fulfillmentEventCreate, "add the fulfilment event");
      }
      if (setTrackingUrl) {
        const data = await call<{ fulfillmentTrackingInfoUpdate: UserErrors }>(TRACKING_INFO_UPDATE, {
          fulfillmentId: shipment.fulfillmentId,
          trackingInfoInput: { number: shipment.trackingNumber, company: news.courierName, url: news.trackingPageUrl },
        });
        assertNoUserErrors(data.fulfillmentTrackingInfoUpdate, "set the tracking URL");
      }
    },
  };
}
