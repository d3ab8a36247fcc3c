import { type CarrierDescriptor } from "@/lib/carriers/descriptor";
import { providerSlugs } from "@/lib/couriers/providers/provider-codes";

/** Ship24, the second tracking provider; organisations save their keys apart. */
export const ship24Carrier: CarrierDescriptor = {
  name: "Ship24",
  envPrefix: "SHIP24",
  slugs: providerSlugs("ship24"),
  credentials: [],
  serverCredentials: { apiKey: "API_KEY" },
  // Ship24 allows 10 calls a second.
  defaultRateLimit: "10/1",
  batchSize: 20,
};
