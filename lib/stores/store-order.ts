/** A parcel of a fulfilment: the number the store was given, and the carrier named with it. */
export interface StoreParcel {
  number: string;
  /** The store's carrier name (`trackingCompany`, a plugin's provider); null: none given. */
  company: string | null;
}

/** A shipment the store made for part of an order, with its parcels. */
export interface StoreFulfilment {
  id: string;
  cancelled: boolean;
  parcels: StoreParcel[];
}

/** An order as a store platform tells it, in the words Waybill needs (the same for every platform). */
export interface StoreOrderSnapshot {
  orderId: string;
  /** What the shop and its customer call it (`#1001`). */
  name: string;
  placedAt: string;
  /** Paid, authorised or otherwise owed a shipment. */
  paid: boolean;
  cancelled: boolean;
  customerName: string | null;
  /** The checkout's contact e-mail, which shipment news may use. */
  email: string | null;
  /** The checkout's contact phone (not the shipping address's), which shipment news may use. */
  phone: string | null;
  destination: { postalCode: string | null; countryIso2: string | null; city: string | null; state: string | null };
  items: string[];
  /** Items no fulfilment holds yet, as "2 × Bulb". */
  unshippedItems: string[];
  fulfilments: StoreFulfilment[];
}

/** An order's item as the page and the tracking's title say it: "Bulb" or "2 × Bulb". */
export const itemText = (title: string, quantity: number | null | undefined) => (quantity && quantity > 1 ? `${quantity} × ${title}` : title);

/** What a store is told when a tracking's status changes. */
export interface TrackingNews {
  tag: string;
  subtag: string;
  /** The scan's instant (ISO 8601), or the change's when there is no scan time. */
  happenedAt: string;
  message: string | null;
  city: string | null;
  /** ISO 3166-1 alpha-2 or the carrier's country name. */
  country: string | null;
  /** YYYY-MM-DD. */
  estimatedDelivery: string | null;
  trackingPageUrl: string;
  courierName: string;
  trackingNumber: string;
  /** Shopify: the fulfilment's status, its parcels together (else the parcel's own). */
  fulfilmentStatus?: string;
}

/** Where a tracking sits in a store: its order and fulfilment. */
export interface StoreShipmentRef {
  orderId: string;
  fulfillmentId: string;
  trackingNumber: string;
}

/** A page of a store's orders and where the next starts (null: this was the last). */
export interface StoreOrdersPage {
  orders: StoreOrderSnapshot[];
  next: string | null;
}

/** What Waybill asks of a connected store, whatever its platform. */
export interface StoreClient {
  /** One call that proves the credentials; the shop's name. */
  check(): Promise<string>;
  /** Subscribes to its order and fulfilment changes at `callbackUrl`; the subscriptions' ids. */
  subscribe(callbackUrl: string): Promise<string[]>;
  unsubscribe(ids: string[]): Promise<void>;
  order(orderId: string): Promise<StoreOrderSnapshot | null>;
  ordersPage(since: Date, cursor: string | null): Promise<StoreOrdersPage>;
  /**
   * Tells the store about a status change of one of its parcels. `setTrackingUrl` points the
   * fulfilment's link at Waybill's page (only asked for a fulfilment of one parcel, whose link it
   * would otherwise overwrite for the others); `completeOrder` closes the order (every parcel delivered).
   */
  tell(shipment: StoreShipmentRef, news: TrackingNews, options: { setTrackingUrl: boolean; completeOrder: boolean }): Promise<void>;
}

/** A store refused or failed a call: `auth` for credentials it does not accept. */
export class StoreError extends Error {
  constructor(
    readonly kind: "auth" | "unavailable" | "refused",
    message: string,
  ) {
    super(message);
    this.name = "StoreError";
  }
}
