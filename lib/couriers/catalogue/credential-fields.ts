import type { CredentialField } from "@/lib/couriers/types";

function field(name: string, options: { required?: boolean; secret?: boolean } = {}): CredentialField {
  return { name, type: "string", required: options.required ?? true, secret: options.secret ?? false };
}

const clientId = field("client_id");
const clientSecret = field("client_secret", { secret: true });
// Tracking works without it; rates and account-scoped visibility use it.
const accountNumber = field("account_number", { required: false });

/** What a courier connection needs, per carrier API (research/carriers.md, "Connection fields"). */
const CREDENTIALS = {
  ups: [clientId, clientSecret, accountNumber],
  fedex: [clientId, clientSecret, accountNumber],
  usps: [clientId, clientSecret],
  dhl: [field("api_key", { secret: true })],
  gls: [clientId, clientSecret],
  "royal-mail": [clientId, clientSecret],
  "canada-post": [field("username"), field("password", { secret: true }), field("customer_number", { required: false })],
  "australia-post": [field("api_key"), field("password", { secret: true }), field("account_number")],
  postnl: [field("api_key", { secret: true })],
  // La Poste's Okapi key (developer.laposte.fr), one for La Poste, Colissimo and Chronopost.
  laposte: [field("api_key", { secret: true })],
  dpd: [field("delis_id"), field("password", { secret: true })],
  // PostNord's developer portal key, one for PostNord and its Danish and Swedish brands.
  postnord: [field("api_key", { secret: true })],
  // A ShipX token: tracking answers without one, but a connection is only worth having with it.
  inpost: [field("token", { secret: true })],
  delhivery: [field("token", { secret: true })],
  // The web services activation key and password; a user token only where Purolator issued one.
  purolator: [field("api_key"), field("password", { secret: true }), field("token", { required: false, secret: true })],
  // idCorreios user, the API access code (not the portal password) and the posting card number.
  correios: [field("username"), field("password", { secret: true }), field("account_number")],
} satisfies Record<string, CredentialField[]>;

/**
 * The couriers a merchant can connect an account for, by slug: each slug of a carrier API Waybill asks
 * directly takes that API's credentials (DHL's divisions all take the DHL Unified key).
 */
const CREDENTIALS_BY_API: Record<keyof typeof CREDENTIALS, string[]> = {
  ups: ["ups", "ups-api", "ups-mi"],
  // FedEx UK numbers answer at the same Track API.
  fedex: ["fedex", "fedex-api", "fedex-uk"],
  usps: ["usps", "usps-api"],
  dhl: [
    "dhl",
    "dhl-pieceid",
    "dhl-api",
    "dhl-germany",
    "dhl-global-mail",
    "dhl-global-mail-api",
    "dhl-global-mail-asia",
    "dhl-freight",
    "dhl-global-forwarding",
    "dhlparcel-nl",
    "dhlparcel-uk",
    "dhl-poland",
    "deutsch-post",
    "dhl-benelux",
    "dhl-nl",
    "dhlparcel-es",
    "dhl-es",
    "dhl-hk",
  ],
  gls: ["gls", "gls-netherlands"],
  "royal-mail": ["royal-mail"],
  "canada-post": ["canada-post"],
  "australia-post": ["australia-post"],
  postnl: ["postnl", "postnl-3s"],
  laposte: ["la-poste-colissimo", "colissimo", "chronopost-france"],
  // DPD Germany's delisId logs in at its own hosts, which Waybill does not call yet; kept so 2025-04 connections of it stay valid.
  dpd: ["dpd", "dpd-nl", "dpd-de"],
  postnord: ["postnord", "danmark-post", "sweden-posten"],
  inpost: ["inpost-paczkomaty"],
  delhivery: ["delhivery"],
  correios: ["brazil-correios"],
  purolator: ["purolator", "purolator-api"],
};

export const CONNECTION_CREDENTIALS: ReadonlyMap<string, CredentialField[]> = new Map(
  Object.entries(CREDENTIALS_BY_API).flatMap(([api, slugs]) => slugs.map((slug) => [slug, CREDENTIALS[api as keyof typeof CREDENTIALS]] as const)),
);
