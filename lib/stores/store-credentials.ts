import { openCredentials, sealCredentials } from "@/lib/connections/credentials-cipher";
import type { Store } from "@/db/schema";

export interface ShopifyCredentials {
  /** The custom app's Admin API access token (`shpat_…`). */
  accessToken: string;
  /** The app's API secret key: signs the webhooks Shopify sends. */
  apiSecret: string;
}

export interface WooCommerceCredentials {
  consumerKey: string;
  consumerSecret: string;
  /** Made by Waybill when it creates the webhook: signs what the site sends. */
  webhookSecret: string;
}

const contextOf = (organizationId: string, storeId: string) => `store:${organizationId}:${storeId}`;

export function sealStoreCredentials(organizationId: string, storeId: string, credentials: ShopifyCredentials | WooCommerceCredentials): string {
  return sealCredentials({ ...credentials }, contextOf(organizationId, storeId));
}

export function shopifyCredentialsOf(store: Store): ShopifyCredentials {
  return openCredentials(store.credentialsCiphertext, contextOf(store.organizationId, store.id)) as unknown as ShopifyCredentials;
}

export function wooCommerceCredentialsOf(store: Store): WooCommerceCredentials {
  return openCredentials(store.credentialsCiphertext, contextOf(store.organizationId, store.id)) as unknown as WooCommerceCredentials;
}
