import { AsyncLocalStorage } from "node:async_hooks";
import { networkInterfaces } from "node:os";
import { env } from "@/lib/env";

const requestOrigin = new AsyncLocalStorage<string>();

/**
 * Runs `work` with the address the caller used (`https://host:port`), so links written while
 * answering it reach this server even where no public address is configured. Per request: one
 * caller's address never shows up in another's links, e-mails or webhooks.
 */
export function withRequestOrigin<T>(origin: string, work: () => T): T {
  return requestOrigin.run(origin, work);
}

const WILDCARD_BINDS = new Set(["0.0.0.0", "::", "[::]"]);

/** This machine's first address on a network (not loopback), for links read on other machines. */
function networkAddress(): string | undefined {
  for (const addresses of Object.values(networkInterfaces())) {
    const found = addresses?.find((address) => address.family === "IPv4" && !address.internal);
    if (found) return found.address;
  }
  return undefined;
}

// Read once per setting: background links (every webhook body, every e-mail) ask for it.
let started: { key: string; addresses: { local: string; network: string | null } } | undefined;

/**
 * Where the server can be reached, from the address it listens on: `local` on this machine, and
 * `network` from others when it listens on every interface (what `npm start` prints).
 */
export function startAddresses(): { local: string; network: string | null } {
  const { HOST, PORT } = env();
  const key = `${HOST}|${PORT}`;
  if (started?.key === key) return started.addresses;
  const everywhere = WILDCARD_BINDS.has(HOST);
  const local = `http://${everywhere ? "localhost" : HOST.includes(":") ? `[${HOST}]` : HOST}:${PORT}`;
  const network = everywhere ? networkAddress() : undefined;
  started = { key, addresses: { local, network: network ? `http://${network}:${PORT}` : null } };
  return started.addresses;
}

/** Where links written without a request (background e-mails, webhooks, digests) point when nothing is configured. */
export function startBaseUrl(): string {
  const { local, network } = startAddresses();
  return network ?? local;
}

/** The operator's own addresses: `PUBLIC_BASE_URL` and `NEXTAUTH_URL`, as origins. */
export function configuredOrigins(): string[] {
  const { PUBLIC_BASE_URL, NEXTAUTH_URL } = env();
  return [PUBLIC_BASE_URL, NEXTAUTH_URL].filter((url): url is string => Boolean(url)).map((url) => new URL(url).origin);
}

/**
 * Where shoppers and users reach Waybill: `PUBLIC_BASE_URL`, else the address of the request being
 * answered, else `NEXTAUTH_URL`, else the address the start printed.
 */
export function publicBaseUrl(): string {
  const { PUBLIC_BASE_URL, NEXTAUTH_URL } = env();
  return (PUBLIC_BASE_URL ?? requestOrigin.getStore() ?? NEXTAUTH_URL ?? startBaseUrl()).replace(/\/+$/, "");
}
