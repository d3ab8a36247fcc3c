import { type CarrierDescriptor, credentialField } from "@/lib/carriers/descriptor";

/** Delhivery: what Waybill knows of its API (lib/carriers/descriptor.ts). */
export const delhiveryCarrier: CarrierDescriptor = {
  name: "Delhivery",
  envPrefix: "DELHIVERY",
  slugs: ["delhivery"],
  credentials: [credentialField("token", { secret: true })],
  serverCredentials: { token: "API_TOKEN" },
  // Delhivery allows about 750 calls per 5 minutes.
  defaultRateLimit: "750/300",
  batchSize: 50,
};
