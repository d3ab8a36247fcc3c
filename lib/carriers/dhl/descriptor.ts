import { type CarrierDescriptor, credentialField } from "@/lib/carriers/descriptor";

/** Courier slugs DHL Unified answers for, with the division (`service`) to ask; null lets DHL choose. */
export const DHL_SERVICE_BY_SLUG: Record<string, string | null> = {
  dhl: "express",
  "dhl-pieceid": "express",
  "dhl-api": null,
  "dhl-germany": "parcel-de",
  "dhl-global-mail": "ecommerce",
  "dhl-global-mail-api": "ecommerce",
  "dhl-global-mail-asia": "ecommerce-apac",
  "dhl-freight": "freight",
  "dhl-global-forwarding": "dgf",
  "dhlparcel-nl": "parcel-nl",
  "dhlparcel-uk": "parcel-uk",
  "dhl-poland": "parcel-pl",
  // Divisions DHL Unified documents that the catalogue lists under their own slugs.
  "deutsch-post": "post-de",
  "dhl-benelux": "parcel-nl",
  "dhl-nl": "parcel-nl",
  "dhlparcel-es": "ecommerce-iberia",
  "dhl-es": "ecommerce-iberia",
  "dhl-hk": "express",
};

/** DHL Shipment Tracking (Unified): every DHL division, Deutsche Post letters. */
export const dhlCarrier: CarrierDescriptor = {
  name: "DHL",
  envPrefix: "DHL",
  slugs: Object.keys(DHL_SERVICE_BY_SLUG),
  credentials: [credentialField("api_key", { secret: true })],
  serverCredentials: { apiKey: "API_KEY" },
  // DHL's Starter plan allows one call a second.
  defaultRateLimit: "1/1",
  batchSize: 1,
};
