import { clientId, clientSecret, type CarrierDescriptor } from "@/lib/carriers/descriptor";

/** USPS: what Waybill knows of its API (lib/carriers/descriptor.ts). */
export const uspsCarrier: CarrierDescriptor = {
  name: "USPS",
  envPrefix: "USPS",
  slugs: ["usps", "usps-api"],
  credentials: [clientId, clientSecret],
  serverCredentials: { clientId: "CLIENT_ID", clientSecret: "CLIENT_SECRET" },
  // USPS allows about 60 calls an hour.
  defaultRateLimit: "60/3600",
  batchSize: 1,
};
