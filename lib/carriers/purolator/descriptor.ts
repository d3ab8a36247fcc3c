import { type CarrierDescriptor, credentialField } from "@/lib/carriers/descriptor";

/** Purolator: what Waybill knows of its API (lib/carriers/descriptor.ts). */
export const purolatorCarrier: CarrierDescriptor = {
  name: "Purolator",
  envPrefix: "PUROLATOR",
  slugs: ["purolator", "purolator-api"],
  // The web services activation key and password; a user token only where Purolator issued one.
  credentials: [credentialField("api_key"), credentialField("password", { secret: true }), credentialField("token", { required: false, secret: true })],
  serverCredentials: { apiKey: "API_KEY", password: "PASSWORD", userToken: "USER_TOKEN" },
  // Purolator publishes no limit.
  defaultRateLimit: "off",
  batchSize: 10,
};
