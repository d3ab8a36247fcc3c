import { accountNumber, clientId, clientSecret, type CarrierDescriptor } from "@/lib/carriers/descriptor";

/** FedEx: what Waybill knows of its API (lib/carriers/descriptor.ts). */
export const fedexCarrier: CarrierDescriptor = {
  name: "FedEx",
  envPrefix: "FEDEX",
  slugs: ["fedex", "fedex-api"],
  // FedEx UK numbers answer at the same Track API.
  alsoConnectable: ["fedex-uk"],
  credentials: [clientId, clientSecret, accountNumber],
  serverCredentials: { clientId: "CLIENT_ID", clientSecret: "CLIENT_SECRET" },
  // FedEx allows 1,400 calls per 10 seconds.
  defaultRateLimit: "1400/10",
  batchSize: 30,
};
