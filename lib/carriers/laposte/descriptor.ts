import { type CarrierDescriptor, credentialField } from "@/lib/carriers/descriptor";

/** La Poste: what Waybill knows of its API (lib/carriers/descriptor.ts). */
export const laposteCarrier: CarrierDescriptor = {
  name: "La Poste",
  envPrefix: "LAPOSTE",
  slugs: ["la-poste-colissimo", "colissimo", "chronopost-france"],
  // La Poste's Okapi key (developer.laposte.fr), one for La Poste, Colissimo and Chronopost.
  credentials: [credentialField("api_key", { secret: true })],
  serverCredentials: { apiKey: "API_KEY" },
  // La Poste's plan allows 10 calls a second.
  defaultRateLimit: "10/1",
  batchSize: 10,
};
