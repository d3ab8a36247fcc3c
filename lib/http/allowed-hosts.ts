import { hostnameOf } from "./request-origin";

/** Names a browser on this machine uses: never a rebinding attacker's, so always answered. */
export const LOOPBACK_NAMES: ReadonlySet<string> = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** The entries of a comma-separated host list (`ALLOWED_HOSTS`), lower-cased. */
export function hostEntries(setting: string | undefined): string[] {
  return (setting ?? "")
    .split(",")
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean);
}

/** Whether a host name is in the list: a name itself, or a subdomain of a `.suffix` entry (or the suffix's own name). */
export function inHostList(hostname: string, entries: readonly string[]): boolean {
  return entries.some((entry) => (entry.startsWith(".") ? hostname === entry.slice(1) || hostname.endsWith(entry) : hostname === entry));
}

/**
 * `ALLOWED_HOSTS` as a test of a request's host: host names (any port), `.shop.example` for a name and
 * its subdomains. Null when unset: every host is answered.
 */
export function allowedHosts(setting: string | undefined, alsoAllowed: string[] = []): ((host: string) => boolean) | null {
  const entries = hostEntries(setting);
  if (!entries.length) return null;
  const listed = [...entries, ...alsoAllowed.map((name) => name.toLowerCase())];
  return (host) => {
    const name = hostnameOf(host);
    return LOOPBACK_NAMES.has(name) || inHostList(name, listed);
  };
}
