import { type CarrierDescriptor } from "@/lib/carriers/descriptor";
import { providerSlugs } from "@/lib/couriers/providers/provider-codes";

/** 17TRACK, the tracking provider that follows the most couriers; organisations save their keys apart. */
export const track17Carrier: CarrierDescriptor = {
  name: "17TRACK",
  envPrefix: "TRACK17",
  slugs: providerSlugs("track17"),
  credentials: [],
  serverCredentials: { apiKey: "API_KEY" },
  // 17TRACK allows 3 calls a second.
  defaultRateLimit: "3/1",
  batchSize: 40,
};
