import { type CarrierDescriptor, credentialField } from "@/lib/carriers/descriptor";

/** Correios: what Waybill knows of its API (lib/carriers/descriptor.ts). */
export const correiosCarrier: CarrierDescriptor = {
  name: "Correios",
  envPrefix: "CORREIOS",
  slugs: ["brazil-correios"],
  // idCorreios user, the API access code (not the portal password) and the posting card number.
  credentials: [credentialField("username"), credentialField("password", { secret: true }), credentialField("account_number")],
  serverCredentials: { username: "USERNAME", accessCode: "ACCESS_CODE", postingCard: "POSTING_CARD" },
  // The Correios publish no limit.
  defaultRateLimit: "off",
  batchSize: 50,
};
