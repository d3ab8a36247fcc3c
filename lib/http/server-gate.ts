import { subscribe } from "node:diagnostics_channel";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { stampClientAddress, trustedProxies } from "./client-address";
import { ORIGIN_HEADER, originOfIncoming } from "./request-origin";
import { errorSummary } from "@/lib/log-server-error";
import { log } from "@/lib/observability/log";

export interface GateSettings {
  /** `TRUSTED_PROXIES`: whose X-Forwarded-* headers are believed. */
  trustedProxies: string | undefined;
  /** The hosts answered (from `ALLOWED_HOSTS`); null answers every host. */
  hostAllowed: ((host: string) => boolean) | null;
  /** Hosts answered besides those: merchants' own domains. */
  otherHostAllowed?: (host: string) => Promise<boolean>;
}

type Refusal = { status: 400 | 421; message: string };

/**
 * Decides one request: stamps the client's address and the origin it used (so route handlers,
 * next-auth and Next.js itself read the same trusted values), or says why it is not answered.
 */
async function admit(request: IncomingMessage, settings: GateSettings, trust = trustedProxies(settings.trustedProxies)): Promise<Refusal | null> {
  stampClientAddress(request, trust);
  const fromTrustedProxy = trust(request.socket?.remoteAddress ?? "", 0);
  const origin = originOfIncoming(request, fromTrustedProxy);
  if (!origin) return { status: 400, message: "The request names no valid host." };
  const url = new URL(origin);
  if (settings.hostAllowed && !settings.hostAllowed(url.host) && !(await settings.otherHostAllowed?.(url.host))) {
    return { status: 421, message: `This server does not answer for ${url.host} (ALLOWED_HOSTS).` };
  }
  request.headers[ORIGIN_HEADER] = origin;
  request.headers["x-forwarded-host"] = url.host;
  request.headers["x-forwarded-proto"] = url.protocol.slice(0, -1);
  return null;
}

type Listener = (request: IncomingMessage, response: ServerResponse) => void;

/**
 * Puts `admit` in front of the server's request listeners: a refused request is answered here and
 * never reaches Next.js. Done on the server's first request, before it is handed to them.
 */
function gateServer(server: Server, settings: GateSettings): void {
  const trust = trustedProxies(settings.trustedProxies);
  const listeners = server.listeners("request") as Listener[];
  server.removeAllListeners("request");
  server.on("request", (request: IncomingMessage, response: ServerResponse) => {
    admit(request, settings, trust).then(
      (refusal) => {
        if (!refusal) for (const listener of listeners) listener.call(server, request, response);
        else response.writeHead(refusal.status, { "content-type": "text/plain; charset=utf-8", connection: "close" }).end(`${refusal.message}\n`);
      },
      (error: unknown) => {
        log().error({ event: "request_not_admitted", error: errorSummary(error) }, "Waybill: could not admit a request");
        response.writeHead(500).end();
      },
    );
  });
}

/** Gates every request this process's HTTP server receives (the start calls it once). */
export function gateEveryRequest(settings: GateSettings): void {
  const gated = new WeakSet<Server>();
  subscribe("http.server.request.start", (message) => {
    const { server } = message as { server: Server };
    if (gated.has(server)) return;
    gated.add(server);
    gateServer(server, settings);
  });
}
