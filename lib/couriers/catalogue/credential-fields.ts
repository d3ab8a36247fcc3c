import type { CredentialField } from "@/lib/couriers/types";

function field(name: string, options: { required?: boolean; secret?: boolean } = {}): CredentialField {
  return { name, type: "string", required: options.required ?? true, secret: options.secret ?? false };
}

const clientId = field("client_id");
const clientSecret = field("client_secret", { secret: true });
// Tracking works without it; rates and account-scoped visibility use it.
const accountNumber = field("account_number", { required: false });

/** What a courier connection needs, per carrier API (research/carriers.md, "Connection fields"). */
export const CREDENTIALS = {
  ups: [clientId, clientSecret, accountNumber],
  fedex: [clientId, clientSecret, accountNumber],
  usps: [clientId, clientSecret],
  dhl: [field("api_key", { secret: true })],
  oauth: [clientId, clientSecret],
  gls: [clientId, clientSecret],
  "royal-mail": [clientId, clientSecret],
  "canada-post": [field("username"), field("password", { secret: true }), field("customer_number", { required: false })],
  "australia-post": [field("api_key"), field("password", { secret: true }), field("account_number")],
  postnl: [field("api_key", { secret: true })],
  // La Poste's Okapi key (developer.laposte.fr), one for La Poste, Colissimo and Chronopost.
  laposte: [field("api_key", { secret: true })],
  dpd: [field("delis_id"), field("password", { secret: true })],
} satisfies Record<string, CredentialField[]>;
