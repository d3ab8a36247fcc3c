import { env } from "@/lib/env";
import { hostEntries, inHostList, LOOPBACK_NAMES } from "./allowed-hosts";
import { configuredOrigins } from "./public-address";
import { hostnameOf, parseHost } from "./request-origin";

/**
 * Whether a host name is the operator's own: the hosts of `PUBLIC_BASE_URL` and `NEXTAUTH_URL`, the
 * names in `ALLOWED_HOSTS` (and the subdomains of its `.suffix` entries), and loopback. No merchant
 * may claim one as its tracking page's domain.
 */
export function isOperatorHost(name: string): boolean {
  const host = parseHost(name);
  if (!host) return false;
  const hostname = hostnameOf(host);
  const configured = configuredOrigins().map((origin) => new URL(origin).hostname);
  return LOOPBACK_NAMES.has(hostname) || inHostList(hostname, [...configured, ...hostEntries(env().ALLOWED_HOSTS)]);
}
