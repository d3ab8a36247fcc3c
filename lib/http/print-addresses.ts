import { env } from "@/lib/env";
import { startAddresses, startBaseUrl } from "./public-address";

/** Tells the operator where the server answers and where links sent in the background will point. */
export function printAddresses(): void {
  const { local, network } = startAddresses();
  console.log(`Waybill: serving at ${local}${network ? ` and, from other machines, ${network}` : ""}.`);
  if (env().PUBLIC_BASE_URL) return;
  console.log(
    `Waybill: PUBLIC_BASE_URL is unset: pages and API answers link to the address each request used; e-mails and webhooks sent in the background link to ${env().NEXTAUTH_URL ?? startBaseUrl()}. Set PUBLIC_BASE_URL to the address your users and shoppers reach.`,
  );
}
