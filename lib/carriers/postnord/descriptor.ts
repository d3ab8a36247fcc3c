import { type CarrierDescriptor, credentialField } from "@/lib/carriers/descriptor";

/** PostNord: what Waybill knows of its API (lib/carriers/descriptor.ts). */
export const postnordCarrier: CarrierDescriptor = {
  name: "PostNord",
  envPrefix: "POSTNORD",
  slugs: ["postnord", "danmark-post", "sweden-posten"],
  // PostNord's developer portal key, one for PostNord and its Danish and Swedish brands.
  credentials: [credentialField("api_key", { secret: true })],
  serverCredentials: { apiKey: "API_KEY" },
  // PostNord publishes no limit.
  defaultRateLimit: "off",
  batchSize: 1,
};
