import { createHmac, randomBytes } from "node:crypto";

export interface WooCommerceKeys {
  consumerKey: string;
  consumerSecret: string;
}

// RFC 3986 encoding, as OAuth 1.0a signs it.
const encode = (value: string) => encodeURIComponent(value).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * OAuth 1.0a one-legged signature (HMAC-SHA256), as WooCommerce requires over plain HTTP: the
 * signature base string is the method, the URL without query, and every query and oauth parameter
 * sorted; the key is the consumer secret followed by `&`.
 */
export function oauthSignature(method: string, url: URL, params: Record<string, string>, consumerSecret: string): string {
  const all = [...url.searchParams.entries(), ...Object.entries(params)].map(([key, value]) => [encode(key), encode(value)] as const);
  all.sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1));
  const base = [method.toUpperCase(), encode(`${url.origin}${url.pathname}`), encode(all.map(([key, value]) => `${key}=${value}`).join("&"))].join("&");
  return createHmac("sha256", `${consumerSecret}&`).update(base).digest("base64");
}

/**
 * The request's address and headers for a WooCommerce REST call: over HTTPS the keys go as HTTP
 * Basic auth; over HTTP (a local site) as a signed OAuth 1.0a query, never in the clear.
 */
export function authorizedRequest(method: string, url: URL, keys: WooCommerceKeys, now = Date.now()): { url: URL; headers: Record<string, string> } {
  if (url.protocol === "https:") {
    return { url, headers: { authorization: `Basic ${Buffer.from(`${keys.consumerKey}:${keys.consumerSecret}`).toString("base64")}` } };
  }
  const oauth: Record<string, string> = {
    oauth_consumer_key: keys.consumerKey,
    oauth_nonce: randomBytes(16).toString("hex"),
    oauth_signature_method: "HMAC-SHA256",
    oauth_timestamp: String(Math.floor(now / 1000)),
  };
  const signed = new URL(url);
  for (const [key, value] of Object.entries(oauth)) signed.searchParams.set(key, value);
  signed.searchParams.set("oauth_signature", oauthSignature(method, url, oauth, keys.consumerSecret));
  return { url: signed, headers: {} };
}
