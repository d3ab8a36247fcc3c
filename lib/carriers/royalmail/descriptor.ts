import { clientId, clientSecret, type CarrierDescriptor } from "@/lib/carriers/descriptor";

/** Royal Mail: what Waybill knows of its API (lib/carriers/descriptor.ts). */
export const royalmailCarrier: CarrierDescriptor = {
  name: "Royal Mail",
  envPrefix: "ROYALMAIL",
  slugs: ["royal-mail"],
  credentials: [clientId, clientSecret],
  serverCredentials: { clientId: "CLIENT_ID", clientSecret: "CLIENT_SECRET" },
  // Royal Mail publishes no limit.
  defaultRateLimit: "off",
  batchSize: 1,
};
