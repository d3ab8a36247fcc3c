import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import { listenOnLoopback } from "./listen-on-loopback";

/**
 * A local stand-in for PostNL's Shippingstatus v2: `GET /shipment/v2/status/barcode/{barcode}`
 * behind the `apikey` header, answering from `lib/carriers/postnl/fixtures/` (`CompleteStatus`
 * with detail=true, the bare `CurrentStatus` without), failing on demand, and moving a number to
 * Delivered when told (`deliver`).
 */

export const POSTNL_NUMBERS = {
  delivered: "3SWAYB100000001",
  inTransit: "3SWAYB100000002",
  exception: "3SWAYB100000003",
  notFound: "3SWAYB199999999",
} as const;
export const POSTNL_API_KEY = "fake-postnl-api-key";

const FIXTURE_OF: Record<string, string> = {
  [POSTNL_NUMBERS.delivered]: "delivered",
  [POSTNL_NUMBERS.inTransit]: "in-transit",
  [POSTNL_NUMBERS.exception]: "exception",
};

type Shipment = Record<string, unknown>;

function fixtureShipment(name: string, barcode: string): Shipment {
  const body = JSON.parse(readFileSync(new URL(`../../lib/carriers/postnl/fixtures/${name}.json`, import.meta.url), "utf8"));
  return { ...body.CompleteStatus.Shipment, Barcode: barcode, MainBarcode: barcode };
}

/** The gateway's error body (Apigee): `{fault: {faultstring, detail: {errorcode}}}`. */
const fault = (faultstring: string, errorcode: string) => ({ fault: { faultstring, detail: { errorcode } } });

export type PostnlFailure = { kind: "auth" } | { kind: "rate_limited"; retryAfterSeconds: number } | { kind: "server_error" };

export interface FakePostnlServer {
  url: string;
  /** The barcode of each call, in order. */
  calls: string[];
  /** The query string of the last call. */
  lastQuery: URLSearchParams;
  failWith(failure: PostnlFailure | null): void;
  /** Answers for `number` with the delivered fixture's events (a whole-flow test's parcel). */
  deliver(number: string): void;
  reset(): void;
  close(): Promise<void>;
}

export async function startFakePostnlServer(): Promise<FakePostnlServer> {
  const calls: string[] = [];
  const delivered = new Set<string>();
  let failure: PostnlFailure | null = null;
  const state = { lastQuery: new URLSearchParams() };
  const server = createServer((request, response) => {
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      response.writeHead(status, { "content-type": "application/json", ...headers });
      response.end(JSON.stringify(body));
    };
    const url = new URL(request.url ?? "/", "http://localhost");
    const match = /^\/shipment\/v2\/status\/barcode\/([^/]+)$/.exec(url.pathname);
    if (!match || request.method !== "GET") return send(404, fault("Resource not found", "messaging.adaptors.http.flow.NotFound"));
    const barcode = decodeURIComponent(match[1]!);
    calls.push(barcode);
    state.lastQuery = url.searchParams;
    if (failure?.kind === "rate_limited") {
      return send(429, fault("Rate limit quota violation. Quota limit exceeded.", "policies.ratelimit.QuotaViolation"), {
        "retry-after": String(failure.retryAfterSeconds),
      });
    }
    if (failure?.kind === "server_error") return send(500, fault("Internal server error", "messaging.adaptors.http.flow.ServiceUnavailable"));
    if (failure?.kind === "auth" || request.headers.apikey !== POSTNL_API_KEY) return send(401, fault("Invalid ApiKey", "oauth.v2.InvalidApiKey"));
    const name = delivered.has(barcode) ? "delivered" : FIXTURE_OF[barcode];
    if (!name) return send(200, { Warnings: [{ Message: "No shipment found" }] });
    const shipment = fixtureShipment(name, barcode);
    if (url.searchParams.get("detail") === "true") return send(200, { CompleteStatus: { Shipment: shipment } });
    const { Event: _events, OldStatus: _statuses, ...current } = shipment;
    return send(200, { CurrentStatus: { Shipment: current } });
  });
  const { url, close } = await listenOnLoopback(server);
  return {
    url,
    calls,
    get lastQuery() {
      return state.lastQuery;
    },
    failWith: (next) => void (failure = next),
    deliver: (number) => void delivered.add(number),
    reset() {
      calls.length = 0;
      delivered.clear();
      failure = null;
    },
    close,
  };
}
