import { type CarrierDescriptor, credentialField } from "@/lib/carriers/descriptor";

/** Australia Post: what Waybill knows of its API (lib/carriers/descriptor.ts). */
export const auspostCarrier: CarrierDescriptor = {
  name: "Australia Post",
  envPrefix: "AUSPOST",
  slugs: ["australia-post"],
  credentials: [credentialField("api_key"), credentialField("password", { secret: true }), credentialField("account_number")],
  serverCredentials: { apiKey: "API_KEY", password: "PASSWORD", accountNumber: "ACCOUNT_NUMBER" },
  // Australia Post publishes no limit.
  defaultRateLimit: "off",
  batchSize: 10,
};
