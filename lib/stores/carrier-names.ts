import { getCourier } from "@/lib/couriers/get-courier";

/**
 * The carrier names stores write beside a tracking number (Shopify's `trackingCompany` list, the
 * WooCommerce Shipment Tracking providers), lower-cased without spaces or punctuation, to the
 * catalogue's slug. A name not here leaves the number to detection.
 */
const SLUG_OF: Record<string, string> = {
  usps: "usps",
  ups: "ups",
  upsmailinnovations: "ups-mi",
  fedex: "fedex",
  fedexuk: "fedex-uk",
  dhl: "dhl",
  dhlexpress: "dhl",
  dhlus: "dhl",
  dhlecommerce: "dhl-global-mail",
  dhlecommerceasia: "dhl-global-mail",
  dhlparcel: "dhl-germany",
  dhlde: "dhl-germany",
  deutschepost: "deutsch-post",
  royalmail: "royal-mail",
  canadapost: "canada-post",
  australiapost: "australia-post",
  newzealandpost: "new-zealand-post",
  nzpost: "new-zealand-post",
  laposte: "la-poste-colissimo",
  colissimo: "colissimo",
  chronopost: "chronopost-france",
  postnl: "postnl",
  postnlinternational: "postnl-3s",
  postnord: "postnord",
  dpd: "dpd",
  dpduk: "dpd-uk",
  dpdde: "dpd-de",
  dpdgermany: "dpd-de",
  gls: "gls",
  glsitaly: "gls-italy",
  hermes: "hermes",
  hermesde: "hermes-de",
  hermesgermany: "hermes-de",
  yodel: "yodel",
  chinapost: "china-post",
  chinaems: "china-ems",
  ems: "china-ems",
  "4px": "4px",
  yunexpress: "yunexpress",
  amazonlogistics: "amazon",
  amazonshipping: "amazon",
  purolator: "purolator",
  ontrac: "ontrac",
  lasership: "lasership",
  japanpost: "japan-post",
  sagawa: "sagawa",
  bpost: "bpost",
  swisspost: "swiss-post",
  posteitaliane: "poste-italiane",
  inpost: "inpost-paczkomaty",
  austrianpost: "austrian-post",
  anpost: "an-post",
  tnt: "tnt",
  tntuk: "tnt-uk",
  aramex: "aramex",
  sfexpress: "sf-express",
  yanwen: "yanwen",
  cainiao: "cainiao",
  asendia: "asendia",
  asendiausa: "asendia-usa",
  canpar: "canpar",
  landmarkglobal: "landmark-global",
  singaporepost: "singapore-post",
  koreapost: "korea-post",
  indiapost: "india-post",
  sendle: "sendle",
  posti: "posti",
  bring: "bring",
  brt: "brt-it",
  bartolini: "brt-it",
  mrw: "mrw-spain",
  testingcourier: "testing-courier",
};

const key = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, "");

/** The catalogue slug for a store's carrier name; null: unknown (or none), so detection chooses. */
export function slugOfCarrierName(name: string | null | undefined): string | null {
  if (!name) return null;
  const slug = SLUG_OF[key(name)];
  return slug && getCourier(slug) ? slug : null;
}

/** Every slug the table names (for the test that holds it to the catalogue). */
export const carrierNameSlugs = () => Object.values(SLUG_OF);
