import { type CarrierDescriptor, credentialField } from "@/lib/carriers/descriptor";

/** DPD: what Waybill knows of its API (lib/carriers/descriptor.ts). */
export const dpdCarrier: CarrierDescriptor = {
  name: "DPD",
  envPrefix: "DPD",
  slugs: ["dpd", "dpd-nl"],
  // DPD Germany's delisId logs in at its own hosts, which Waybill does not call yet; kept so 2025-04 connections of it stay valid.
  alsoConnectable: ["dpd-de"],
  credentials: [credentialField("delis_id"), credentialField("password", { secret: true })],
  serverCredentials: { delisId: "DELIS_ID", password: "PASSWORD" },
  // DPD publishes no limit.
  defaultRateLimit: "off",
  batchSize: 1,
};
