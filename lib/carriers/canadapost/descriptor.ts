import { type CarrierDescriptor, credentialField } from "@/lib/carriers/descriptor";

/** Canada Post: what Waybill knows of its API (lib/carriers/descriptor.ts). */
export const canadapostCarrier: CarrierDescriptor = {
  name: "Canada Post",
  envPrefix: "CANADAPOST",
  slugs: ["canada-post"],
  credentials: [credentialField("username"), credentialField("password", { secret: true }), credentialField("customer_number", { required: false })],
  serverCredentials: { username: "USERNAME", password: "PASSWORD" },
  // Canada Post allows 840 calls a minute per key.
  defaultRateLimit: "840/60",
  batchSize: 1,
};
