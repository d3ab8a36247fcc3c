import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";
import { encryptionKey } from "@/lib/connections/encryption-key";

/**
 * What a tracking page token opens: `full` is the link the merchant sends (it names the order and the
 * customer), `public` is what a lookup by tracking number alone gets (no personal data).
 */
export type PageTokenKind = "full" | "public";

const KIND_MARK: Record<PageTokenKind, string> = { full: "f", public: "p" };
const MAC_LENGTH = 22; // base64url characters: 132 bits

let cachedKey: { from: Buffer; key: Buffer } | undefined;

/** A key of its own, derived from the server's encryption key, so every instance makes the same tokens. */
function tokenKey(): Buffer {
  const from = encryptionKey();
  if (cachedKey?.from !== from) cachedKey = { from, key: Buffer.from(hkdfSync("sha256", from, "", "waybill tracking page tokens", 32)) };
  return cachedKey.key;
}

function mac(kind: PageTokenKind | "order", organizationId: string, trackingId: string): string {
  return createHmac("sha256", tokenKey()).update(`${kind}:${organizationId}:${trackingId}`).digest("base64url").slice(0, MAC_LENGTH);
}

/** The tracking's page token: unguessable, and the same every time for the same tracking and kind. */
export function trackingPageToken(organizationId: string, trackingId: string, kind: PageTokenKind = "full"): string {
  return `${trackingId}.${KIND_MARK[kind]}${mac(kind, organizationId, trackingId)}`;
}

/** The tracking a token of this organisation opens, and how much it shows; null for anything forged or foreign. */
export function readTrackingPageToken(organizationId: string, token: string): { trackingId: string; kind: PageTokenKind } | null {
  const match = /^([0-9a-z]{1,64})\.([fp])([A-Za-z0-9_-]{22})$/.exec(token);
  if (!match) return null;
  const [, trackingId, mark, given] = match as unknown as [string, string, string, string];
  const kind: PageTokenKind = mark === "f" ? "full" : "public";
  const expected = Buffer.from(mac(kind, organizationId, trackingId));
  return timingSafeEqual(expected, Buffer.from(given)) ? { trackingId, kind } : null;
}

/**
 * An order's page token: the order's number (or id) as the trackings carry it, and a MAC over it, so
 * one order's token opens no other. It is given only after the order's e-mail or postal code.
 */
export function orderPageToken(organizationId: string, orderKey: string): string {
  return `${Buffer.from(orderKey, "utf8").toString("base64url")}.o${mac("order", organizationId, orderKey)}`;
}

/** The order key an order token of this organisation opens; null for anything forged or foreign. */
export function readOrderPageToken(organizationId: string, token: string): string | null {
  const match = /^([A-Za-z0-9_-]{1,400})\.o([A-Za-z0-9_-]{22})$/.exec(token);
  if (!match) return null;
  const orderKey = Buffer.from(match[1]!, "base64url").toString("utf8");
  const expected = Buffer.from(mac("order", organizationId, orderKey));
  return timingSafeEqual(expected, Buffer.from(match[2]!)) ? orderKey : null;
}
