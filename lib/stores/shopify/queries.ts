/** What Waybill reads of an order: enough for its trackings, and for knowing whether it has shipped. */
const ORDER_FIELDS = `
  fragment WaybillOrderFields on Order {
    id
    name
    createdAt
    cancelledAt
    email
    phone
    displayFinancialStatus
    customer { displayName }
    shippingAddress { name zip countryCodeV2 city provinceCode }
    lineItems(first: 20) { nodes { title quantity unfulfilledQuantity } }
    fulfillments(first: 20) { id status trackingInfo(first: 10) { number company } }
  }`;

export const SHOP_QUERY = `query WaybillShop { shop { name myshopifyDomain } }`;

export const ORDER_QUERY = `${ORDER_FIELDS}
  query WaybillOrder($id: ID!) { order(id: $id) { ...WaybillOrderFields } }`;

export const ORDERS_QUERY = `${ORDER_FIELDS}
  query WaybillOrders($first: Int!, $after: String, $query: String) {
    orders(first: $first, after: $after, query: $query, sortKey: UPDATED_AT) {
      pageInfo { hasNextPage endCursor }
      nodes { ...WaybillOrderFields }
    }
  }`;

export const WEBHOOK_CREATE = `
  mutation WaybillWebhookCreate($topic: WebhookSubscriptionTopic!, $webhookSubscription: WebhookSubscriptionInput!) {
    webhookSubscriptionCreate(topic: $topic, webhookSubscription: $webhookSubscription) {
      webhookSubscription { id }
      userErrors { field message }
    }
  }`;

export const WEBHOOK_DELETE = `
  mutation WaybillWebhookDelete($id: ID!) {
    webhookSubscriptionDelete(id: $id) { deletedWebhookSubscriptionId userErrors { field message } }
  }`;

export const FULFILLMENT_EVENT_CREATE = `
  mutation WaybillFulfillmentEvent($fulfillmentEvent: FulfillmentEventInput!) {
    fulfillmentEventCreate(fulfillmentEvent: $fulfillmentEvent) {
      fulfillmentEvent { id status }
      userErrors { field message }
    }
  }`;

export const TRACKING_INFO_UPDATE = `
  mutation WaybillTrackingInfo($fulfillmentId: ID!, $trackingInfoInput: FulfillmentTrackingInput!) {
    fulfillmentTrackingInfoUpdate(fulfillmentId: $fulfillmentId, trackingInfoInput: $trackingInfoInput, notifyCustomer: false) {
      fulfillment { id }
      userErrors { field message }
    }
  }`;

/** The topics Waybill subscribes to: new and changed fulfilments, and changed orders (paid, cancelled, edited). */
export const WEBHOOK_TOPICS = ["FULFILLMENTS_CREATE", "FULFILLMENTS_UPDATE", "ORDERS_UPDATED"] as const;
