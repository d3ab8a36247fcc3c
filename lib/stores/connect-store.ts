import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "@/db/client";
import { type Store, stores, type StoreBackfill } from "@/db/schema";
import { isUniqueViolation } from "@/db/unique-violation";
import { ConflictError, InvalidError } from "@/lib/domain-errors";
import { recordFollowUp, sendFollowUps } from "@/lib/events/follow-ups";
import { storeBackfillRequested } from "@/lib/events/events";
import { publicBaseUrl } from "@/lib/http/public-address";
import { newId } from "@/lib/ids";
import { shopifyClient } from "./shopify/shopify-client";
import { sealStoreCredentials } from "./store-credentials";
import { type StoreClient, StoreError } from "./store-order";
import { wooCommerceClient } from "./woocommerce/woocommerce-client";

const SHOP_DOMAIN = /^[a-z0-9][a-z0-9-]*\.myshopify\.com$/;

const backfillDays = z.number().int().min(0).max(365).default(30);

export const storeInput = z.discriminatedUnion("platform", [
  z.object({
    platform: z.literal("shopify"),
    shop: z
      .string()
      .trim()
      .toLowerCase()
      .transform((value) => value.replace(/^https?:\/\//, "").replace(/\/.*$/, ""))
      .transform((value) => (value.includes(".") ? value : `${value}.myshopify.com`))
      .refine((value) => SHOP_DOMAIN.test(value), "the shop's myshopify.com domain, such as lima-lamps.myshopify.com."),
    accessToken: z.string().trim().min(1, "the custom app's Admin API access token."),
    apiSecret: z.string().trim().min(1, "the custom app's API secret key (it signs the webhooks)."),
    setTrackingUrl: z.boolean().default(false),
    backfillDays,
  }),
  z.object({
    platform: z.literal("woocommerce"),
    siteUrl: z
      .string()
      .trim()
      .url("the site's address, such as https://shop.example.")
      .transform((value) => value.replace(/\/+$/, ""))
      .refine((value) => /^https?:\/\//.test(value), "an http or https address."),
    consumerKey: z.string().trim().min(1, "the REST API consumer key (ck_…)."),
    consumerSecret: z.string().trim().min(1, "the REST API consumer secret (cs_…)."),
    completeOnDelivery: z.boolean().default(false),
    backfillDays,
  }),
]);
export type StoreInput = z.input<typeof storeInput>;

function parse(input: unknown) {
  const parsed = storeInput.safeParse(input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const field = issue.path.join(".") || "store";
  throw new InvalidError(field, "invalid", `${field}: ${issue.message}`);
}

/** Where each platform sends its webhooks for this store. */
export function storeCallbackUrl(store: Pick<Store, "id" | "platform">): string {
  return store.platform === "shopify" ? `${publicBaseUrl()}/webhooks/stores/shopify` : `${publicBaseUrl()}/webhooks/stores/woocommerce/${store.id}`;
}

/** A refusal by the store as the merchant's mistake; an outage as a try-later. */
export function asInputError(error: unknown): never {
  if (error instanceof StoreError) throw new InvalidError("credentials", error.kind === "unavailable" ? "unknown" : "invalid", error.message);
  throw error;
}

/**
 * Connects a store: one call proves the credentials, which are then sealed; Waybill subscribes to
 * its order and fulfilment changes and, unless `backfillDays` is 0, brings in the last days' orders
 * in the background. Nothing is kept if any step fails.
 */
export async function connectStore(db: Database, organizationId: string, input: unknown, now: Date): Promise<Store> {
  const fields = parse(input);
  const id = newId();
  const webhookSecret = randomBytes(24).toString("base64url");
  const [shop, client, credentials, settings]: [string, StoreClient, Parameters<typeof sealStoreCredentials>[2], Store["settings"]] =
    fields.platform === "shopify"
      ? [
          fields.shop,
          shopifyClient({ shop: fields.shop, accessToken: fields.accessToken }),
          { accessToken: fields.accessToken, apiSecret: fields.apiSecret },
          { setTrackingUrl: fields.setTrackingUrl },
        ]
      : [
          fields.siteUrl,
          wooCommerceClient({ siteUrl: fields.siteUrl, consumerKey: fields.consumerKey, consumerSecret: fields.consumerSecret, webhookSecret }),
          { consumerKey: fields.consumerKey, consumerSecret: fields.consumerSecret, webhookSecret },
          { completeOnDelivery: fields.completeOnDelivery },
        ];
  await client.check().catch(asInputError);
  const backfill: StoreBackfill | null = fields.backfillDays
    ? { status: "running", since: new Date(now.getTime() - fields.backfillDays * 86_400_000).toISOString(), cursor: null, orders: 0, trackings: 0 }
    : null;
  const row = {
    id,
    organizationId,
    platform: fields.platform,
    shop,
    credentialsCiphertext: sealStoreCredentials(organizationId, id, credentials),
    settings,
    backfill,
    createdAt: now,
    updatedAt: now,
  };
  try {
    await db.insert(stores).values(row);
  } catch (error) {
    if (isUniqueViolation(error, "stores_shop_idx")) throw new ConflictError("shop", `${shop} is already connected to Waybill.`);
    throw error;
  }
  try {
    const webhookIds = await client.subscribe(storeCallbackUrl(row));
    const followUps = await db.transaction(async (tx) => {
      await tx.update(stores).set({ webhookIds }).where(eq(stores.id, id));
      return backfill ? [await recordFollowUp(tx, organizationId, storeBackfillRequested, { organizationId, storeId: id })] : [];
    });
    await sendFollowUps(db, followUps);
    return { ...row, webhookIds, settings, backfill };
  } catch (error) {
    await db.delete(stores).where(eq(stores.id, id));
    return asInputError(error);
  }
}
