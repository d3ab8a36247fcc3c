import { clientId, clientSecret, type CarrierDescriptor } from "@/lib/carriers/descriptor";

/** GLS: what Waybill knows of its API (lib/carriers/descriptor.ts). */
export const glsCarrier: CarrierDescriptor = {
  name: "GLS",
  envPrefix: "GLS",
  slugs: ["gls", "gls-netherlands"],
  credentials: [clientId, clientSecret],
  serverCredentials: { clientId: "CLIENT_ID", clientSecret: "CLIENT_SECRET" },
  // GLS allows 500 calls a day by default.
  defaultRateLimit: "500/86400",
  batchSize: 10,
};
