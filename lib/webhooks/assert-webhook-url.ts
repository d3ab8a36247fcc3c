import { isIP } from "node:net";
import { InvalidError } from "@/lib/domain-errors";
import { PrivateAddressError, resolvePublicAddresses } from "./public-only-lookup";
import { isPrivateAddress } from "./private-address";
import { webhookSettings } from "./webhook-settings";

export const MAX_WEBHOOK_URL_LENGTH = 2048;

/** The host of a URL as sockets see it: IPv6 literals without their brackets. */
export function socketHost(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, "");
}

/**
 * A webhook URL as it will be stored: http(s), absolute, and (unless WEBHOOK_ALLOW_PRIVATE) a host
 * that resolves only to public addresses. Checked again on every send, where it counts.
 */
export async function assertWebhookUrl(value: string): Promise<string> {
  const trimmed = value.trim();
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    throw invalidUrl("The webhook URL is not a valid absolute URL.");
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") throw invalidUrl("The webhook URL must start with https:// or http://.");
  if (trimmed.length > MAX_WEBHOOK_URL_LENGTH) throw invalidUrl(`The webhook URL is longer than ${MAX_WEBHOOK_URL_LENGTH} characters.`);
  if (webhookSettings().allowPrivate) return url.toString();
  const host = socketHost(url);
  if (isIP(host)) {
    if (isPrivateAddress(host)) throw invalidUrl(new PrivateAddressError(host, host).message);
    return url.toString();
  }
  try {
    await resolvePublicAddresses(host);
  } catch (error) {
    if (error instanceof PrivateAddressError) throw invalidUrl(error.message);
    throw invalidUrl(`The webhook URL's host ${host} cannot be resolved.`);
  }
  return url.toString();
}

function invalidUrl(message: string): InvalidError {
  return new InvalidError("url", "invalid", message);
}
