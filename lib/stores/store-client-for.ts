import type { Store } from "@/db/schema";
import { shopifyClient } from "./shopify/shopify-client";
import { shopifyCredentialsOf, wooCommerceCredentialsOf } from "./store-credentials";
import type { StoreClient } from "./store-order";
import { wooCommerceClient } from "./woocommerce/woocommerce-client";

/** The platform client of a connected store, with its sealed credentials opened. */
export function storeClientFor(store: Store): StoreClient {
  if (store.platform === "shopify") return shopifyClient({ shop: store.shop, accessToken: shopifyCredentialsOf(store).accessToken });
  return wooCommerceClient({ siteUrl: store.shop, ...wooCommerceCredentialsOf(store) });
}
