import { env } from "@/lib/env";
import { hostnameOf, parseHost } from "./request-origin";

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]", "::1"]);

/**
 * Whether a host name is the operator's own: the hosts of `PUBLIC_BASE_URL` and `NEXTAUTH_URL`, the
 * names in `ALLOWED_HOSTS` (and the subdomains of its `.suffix` entries), and loopback. No merchant
 * may claim one as its tracking page's domain.
 */
export function isOperatorHost(name: string): boolean {
  const host = parseHost(name);
  if (!host) return false;
  const hostname = hostnameOf(host);
  if (LOOPBACK.has(hostname)) return true;
  const { PUBLIC_BASE_URL, NEXTAUTH_URL, ALLOWED_HOSTS } = env();
  const configured = [PUBLIC_BASE_URL, NEXTAUTH_URL].filter((url): url is string => Boolean(url)).map((url) => new URL(url).hostname);
  const listed = (ALLOWED_HOSTS ?? "")
    .split(",")
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean);
  return (
    configured.includes(hostname) ||
    listed.some((entry) => (entry.startsWith(".") ? hostname === entry.slice(1) || hostname.endsWith(entry) : hostname === entry))
  );
}
