import { type CarrierDescriptor, credentialField } from "@/lib/carriers/descriptor";

/** InPost: what Waybill knows of its API (lib/carriers/descriptor.ts). */
export const inpostCarrier: CarrierDescriptor = {
  name: "InPost",
  envPrefix: "INPOST",
  slugs: ["inpost-paczkomaty"],
  // A ShipX token: tracking answers without one, but a connection is only worth having with it.
  credentials: [credentialField("token", { secret: true })],
  serverCredentials: { token: "API_TOKEN" },
  // InPost publishes none: a courtesy 5 a second for its public tracking.
  defaultRateLimit: "5/1",
  batchSize: 1,
};
