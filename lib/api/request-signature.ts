import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { escape } from "node:querystring";
import { ApiError } from "./errors";

export const AES_SIGNATURE_HEADER = "as-signature-hmac-sha256";
const RSA_SIGNATURE_HEADER = "as-signature-rsa-sha256";
/** How far a signed request's `date` may be from our clock: older signatures cannot be replayed. */
export const MAX_CLOCK_SKEW_MS = 15 * 60 * 1000;

export function isSignedRequest(request: Request): boolean {
  return request.headers.has(AES_SIGNATURE_HEADER) || request.headers.has(RSA_SIGNATURE_HEADER);
}

/**
 * The string the official clients sign (versions-2025-07-to-2026-07.md, "Request authentication"):
 * method, MD5 of the body, content type, date, the `as…` headers and the path with its sorted query.
 */
export function stringToSign(request: Request, rawBody: string): string {
  const url = new URL(request.url);
  const hasBody = rawBody.length > 0;
  const headers = [...request.headers.entries()]
    .filter(([name]) => name.startsWith("as") && name !== AES_SIGNATURE_HEADER && name !== RSA_SIGNATURE_HEADER)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${name}:${value.trim()}`)
    .join("\n");
  const keys = [...new Set(url.searchParams.keys())].sort();
  const query = keys.map((key) => `${key.trim()}=${escape((url.searchParams.get(key) ?? "").trim())}`).join("&");
  return [
    request.method.toUpperCase(),
    hasBody ? createHash("md5").update(rawBody).digest("hex").toUpperCase() : "",
    hasBody ? (request.headers.get("content-type") ?? "") : "",
    request.headers.get("date") ?? "",
    headers,
    query ? `${url.pathname}?${query}` : url.pathname,
  ].join("\n");
}

const refuse = (message: string) => new ApiError(401, message);

/** Refuses a signed request whose signature, date or method does not hold, in the envelope (401). */
export function verifyRequestSignature(request: Request, rawBody: string, secret: string | null, now = Date.now()): void {
  if (request.headers.has(RSA_SIGNATURE_HEADER)) {
    throw refuse("RSA request signatures are not supported: sign with AES (auth_type AES and the key's API secret) or send only the API key.");
  }
  if (!secret) throw refuse("This API key has no API secret, so its requests cannot be signed: create a new key (it comes with one) or send only the key.");
  const date = Date.parse(request.headers.get("date") ?? "");
  if (!Number.isFinite(date) || Math.abs(now - date) > MAX_CLOCK_SKEW_MS) {
    throw refuse("The `date` header of a signed request is missing or more than 15 minutes from the server's clock.");
  }
  const expected = createHmac("sha256", secret).update(stringToSign(request, rawBody)).digest();
  const sent = Buffer.from(request.headers.get(AES_SIGNATURE_HEADER) ?? "", "base64");
  if (sent.length !== expected.length || !timingSafeEqual(sent, expected)) {
    throw refuse(
      "The request signature (`as-signature-hmac-sha256`) does not match: sign with the key's API secret, and send the body, path and headers as signed.",
    );
  }
}
