import type { IncomingMessage } from "node:http";
import type { TLSSocket } from "node:tls";

/**
 * The header the server stamps on every request with the address the browser used
 * (`http://127.0.0.1:3217`, `https://waybill.shop.example`); a value a client sent under this name is
 * overwritten.
 */
export const ORIGIN_HEADER = "x-waybill-origin";

/** `host[:port]` as a browser sends it, lower-cased; null for anything else (paths, users, spaces). */
export function parseHost(value: string | undefined | null): string | null {
  const host = value?.trim().toLowerCase();
  if (!host || /[\s/\\?#@]/.test(host)) return null;
  try {
    const url = new URL(`http://${host}`);
    // The URL parser normalises what it accepts (`EXAMPLE.com.` stays, `1.2.3` becomes `1.2.0.3`): only a host that survives unchanged is one.
    return url.host === host || `${url.hostname}:80` === host ? host : null;
  } catch {
    return null;
  }
}

/** The host name of `host[:port]`, without the port (and without an IPv6 address's brackets kept). */
export function hostnameOf(host: string): string {
  return new URL(`http://${host}`).hostname;
}

function firstValue(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  return value?.split(",")[0]?.trim() || undefined;
}

/**
 * The origin the client used: the Host header and the socket's scheme or, when the socket is a
 * trusted proxy, its `X-Forwarded-Host` and `X-Forwarded-Proto`. Null when the host is missing or
 * not a host.
 */
export function originOfIncoming(request: IncomingMessage, fromTrustedProxy: boolean): string | null {
  const forwardedHost = fromTrustedProxy ? firstValue(request.headers["x-forwarded-host"]) : undefined;
  const host = parseHost(forwardedHost ?? request.headers.host);
  if (!host) return null;
  const forwardedProto = fromTrustedProxy ? firstValue(request.headers["x-forwarded-proto"])?.toLowerCase() : undefined;
  const encrypted = Boolean((request.socket as TLSSocket | undefined)?.encrypted);
  const scheme = forwardedProto === "https" || forwardedProto === "http" ? forwardedProto : encrypted ? "https" : "http";
  return `${scheme}://${host}`;
}

/**
 * The address of this request, as the browser or API client wrote it: the server's stamp; outside
 * the server (in-process tests) the Host header, else the URL Next.js built.
 */
export function requestOrigin(request: Request | Headers): string {
  const headers = request instanceof Headers ? request : request.headers;
  const stamped = headers.get(ORIGIN_HEADER);
  if (stamped) return stamped;
  const url = request instanceof Headers ? null : new URL(request.url);
  const host = parseHost(headers.get("host"));
  if (host) return `${url?.protocol ?? "http:"}//${host}`;
  return url?.origin ?? "http://localhost";
}
