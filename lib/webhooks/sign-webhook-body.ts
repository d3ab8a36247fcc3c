import { createHmac } from "node:crypto";
import type { WebhookSecret, WebhookSignatureHeader } from "@/db/schema";

/** base64(HMAC-SHA256(secret, body)) over the exact UTF-8 bytes sent, as receivers recompute it. */
export function signWebhookBody(body: string, secret: string): string {
  return createHmac("sha256", secret).update(body, "utf8").digest("base64");
}

/** The header that carries the previous secret's signature while a rotation's grace period runs. */
export function previousSignatureHeader(header: WebhookSignatureHeader): string {
  return `${header}-previous`;
}

/**
 * The signature headers for one attempt: the current secret's in the endpoint's chosen header and,
 * for 24 hours after a rotation, the previous secret's beside it. The current one goes in the main
 * header because it is the one settings show: a receiver given the new secret verifies unchanged.
 */
export function signatureHeaders(body: string, secrets: WebhookSecret, header: WebhookSignatureHeader, now: Date): Record<string, string> {
  const headers: Record<string, string> = { [header]: signWebhookBody(body, secrets.secret) };
  if (secrets.previousSecret && secrets.previousExpiresAt && secrets.previousExpiresAt > now) {
    headers[previousSignatureHeader(header)] = signWebhookBody(body, secrets.previousSecret);
  }
  return headers;
}
