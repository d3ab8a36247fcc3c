import { type CarrierDescriptor, credentialField } from "@/lib/carriers/descriptor";

/** PostNL: what Waybill knows of its API (lib/carriers/descriptor.ts). */
export const postnlCarrier: CarrierDescriptor = {
  name: "PostNL",
  envPrefix: "POSTNL",
  slugs: ["postnl", "postnl-3s"],
  credentials: [credentialField("api_key", { secret: true })],
  serverCredentials: { apiKey: "API_KEY" },
  // PostNL publishes no limit.
  defaultRateLimit: "off",
  batchSize: 1,
};
