import { hostnameOf } from "./request-origin";

/** Names a browser on this machine uses: never a rebinding attacker's, so always answered. */
const LOOPBACK_NAMES = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * `ALLOWED_HOSTS` as a test of a request's host: host names (any port), `.shop.example` for a name and
 * its subdomains. Null when unset: every host is answered.
 */
export function allowedHosts(setting: string | undefined, alsoAllowed: string[] = []): ((host: string) => boolean) | null {
  const entries = (setting ?? "")
    .split(",")
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean);
  if (!entries.length) return null;
  const exact = new Set([...entries.filter((entry) => !entry.startsWith(".")), ...alsoAllowed.map((name) => name.toLowerCase())]);
  const suffixes = entries.filter((entry) => entry.startsWith("."));
  return (host) => {
    const name = hostnameOf(host);
    return LOOPBACK_NAMES.has(name) || exact.has(name) || suffixes.some((suffix) => name.endsWith(suffix) || `.${name}` === suffix);
  };
}
