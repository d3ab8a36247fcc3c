import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import { listenOnLoopback } from "./listen-on-loopback";

/**
 * A local stand-in for La Poste's Suivi v2: `GET /suivi/v2/idships/{id1,…}` with `X-Okapi-Key`,
 * answering from `lib/carriers/laposte/fixtures/`, one item per number (207 for several), and
 * failing on demand. Numbers it was taught with `deliver` move to Delivered when told.
 */

export const LAPOSTE_NUMBERS = { delivered: "6A18765432101", inTransit: "8R41234567890", exception: "XA123456789FR", notFound: "6A00000000042" } as const;
export const LAPOSTE_KEY = "fake-okapi-key";

const FIXTURE_OF: Record<string, string> = {
  [LAPOSTE_NUMBERS.delivered]: "delivered",
  [LAPOSTE_NUMBERS.inTransit]: "in-transit",
  [LAPOSTE_NUMBERS.exception]: "exception",
};

function fixture(name: string): Record<string, unknown> {
  return JSON.parse(readFileSync(new URL(`../../lib/carriers/laposte/fixtures/${name}.json`, import.meta.url), "utf8"));
}

export type LaposteFailure = { kind: "auth" } | { kind: "rate_limited"; retryAfterSeconds: number; times?: number } | { kind: "server_error" };

export interface FakeLaposteServer {
  url: string;
  /** The numbers of each call, in order. */
  calls: string[][];
  failWith(failure: LaposteFailure | null): void;
  /** Answers for `number` with the delivered fixture's events, renamed to it (a whole-flow test's parcel). */
  deliver(number: string): void;
  reset(): void;
  close(): Promise<void>;
}

function itemFor(number: string, delivered: Set<string>, generateInTransit: boolean): Record<string, unknown> {
  const name = delivered.has(number) ? "delivered" : (FIXTURE_OF[number] ?? (generateInTransit ? "in-transit" : undefined));
  if (!name) return { lang: "en_GB", scope: "open", returnCode: 104, idShip: number, returnMessage: "Shipment not yet available" };
  const item = fixture(name);
  const shipment = item.shipment as Record<string, unknown>;
  return { ...item, idShip: number, shipment: { ...shipment, idShip: number } };
}

/** `generateInTransit`: any number La Poste would not know answers with the in-transit events instead (benchmarks). */
export async function startFakeLaposteServer(options: { generateInTransit?: boolean } = {}): Promise<FakeLaposteServer> {
  const calls: string[][] = [];
  const delivered = new Set<string>();
  let failure: LaposteFailure | null = null;
  let failuresLeft = Infinity;
  const server = createServer((request, response) => {
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      response.writeHead(status, { "content-type": "application/json", ...headers });
      response.end(JSON.stringify(body));
    };
    const match = /^\/suivi\/v2\/idships\/([^?]+)/.exec(request.url ?? "");
    if (!match || request.method !== "GET") return send(404, { code: "NOT_FOUND", message: "No such route" });
    const numbers = match[1]!.split(",").map(decodeURIComponent);
    calls.push(numbers);
    if (failure && failuresLeft > 0) {
      failuresLeft -= 1;
      if (failure.kind === "auth") return send(401, { code: "UNAUTHORIZED", message: "Invalid API key" });
      if (failure.kind === "rate_limited") {
        return send(429, { code: "TOO_MANY_REQUESTS", message: "100 calls per 1s" }, { "retry-after": String(failure.retryAfterSeconds) });
      }
      return send(503, { code: "SERVICE_UNAVAILABLE", message: "Try again later" });
    }
    if (request.headers["x-okapi-key"] !== LAPOSTE_KEY) return send(401, { code: "UNAUTHORIZED", message: "Invalid API key" });
    if (numbers.length > 10) return send(400, { returnCode: 400, returnMessage: "1 to 10 tracking numbers per call" });
    const items = numbers.map((number) => itemFor(number, delivered, options.generateInTransit ?? false));
    if (items.length === 1) return send(items[0]!.returnCode === 200 ? 200 : 404, items[0]);
    return send(207, items);
  });
  const { url, close } = await listenOnLoopback(server);
  return {
    url,
    calls,
    failWith(next) {
      failure = next;
      failuresLeft = next?.kind === "rate_limited" ? (next.times ?? Infinity) : Infinity;
    },
    deliver: (number) => void delivered.add(number),
    reset() {
      calls.length = 0;
      delivered.clear();
      failure = null;
    },
    close,
  };
}
