import type { IncomingMessage } from "node:http";
import proxyaddr from "proxy-addr";

/**
 * The header the server stamps on every request with the client's address (server-gate.ts stamps it
 * before Next.js reads the request, overwriting whatever a client sent under this name).
 */
export const CLIENT_ADDRESS_HEADER = "x-waybill-client-address";

/** `TRUSTED_PROXIES` (addresses, CIDRs or proxy-addr's names such as `loopback`) as a trust test. */
export function trustedProxies(setting: string | undefined): (address: string, hop: number) => boolean {
  const list = (setting ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  return proxyaddr.compile(list);
}

/**
 * The socket's address, or, when the socket is a trusted proxy, the nearest address in
 * `X-Forwarded-For` that is not one: a client cannot choose its address by sending the header.
 */
export function stampClientAddress(request: IncomingMessage, trust: (address: string, hop: number) => boolean): void {
  request.headers[CLIENT_ADDRESS_HEADER] = proxyaddr(request, trust);
}

/** The stamped address of a request; "unknown" outside the server (in-process tests). */
export function clientAddressOf(headers: Headers | Record<string, string | string[] | undefined>): string {
  const value = headers instanceof Headers ? headers.get(CLIENT_ADDRESS_HEADER) : headers[CLIENT_ADDRESS_HEADER];
  return (Array.isArray(value) ? value[0] : value) || "unknown";
}
