import { accountNumber, clientId, clientSecret, type CarrierDescriptor } from "@/lib/carriers/descriptor";

/** UPS: what Waybill knows of its API (lib/carriers/descriptor.ts). */
export const upsCarrier: CarrierDescriptor = {
  name: "UPS",
  envPrefix: "UPS",
  // The Track API also answers Mail Innovations numbers (its documented inquiry types).
  slugs: ["ups", "ups-api", "ups-mi"],
  credentials: [clientId, clientSecret, accountNumber],
  serverCredentials: { clientId: "CLIENT_ID", clientSecret: "CLIENT_SECRET", accountNumber: "ACCOUNT_NUMBER" },
  // UPS publishes no limit.
  defaultRateLimit: "off",
  batchSize: 1,
};
