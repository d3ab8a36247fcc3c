import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import { listenOnLoopback } from "./listen-on-loopback";

/**
 * A local stand-in for PostNord's Track and Trace v5: `GET /rest/shipment/v5/trackandtrace/findByIdentifier.json`
 * with `id`, `locale` and `apikey` in the query, answering from `lib/carriers/postnord/fixtures/`, an unknown
 * number with no shipment (as PostNord does), failing on demand, and moving a number to Delivered when told (`deliver`).
 */

export const POSTNORD_NUMBERS = { delivered: "99201234567SE", inTransit: "77301234560SE", exception: "55409876543DK", notFound: "99000000000SE" } as const;
export const POSTNORD_CREDENTIALS = { apiKey: "fake-postnord-api-key" };

const FIXTURE_OF: Record<string, string> = {
  [POSTNORD_NUMBERS.delivered]: "delivered",
  [POSTNORD_NUMBERS.inTransit]: "in-transit",
  [POSTNORD_NUMBERS.exception]: "exception",
};

type Shipment = { shipmentId: string; items: Array<{ itemId: string }> };

function answerFor(name: string, number: string): { TrackingInformationResponse: { shipments: Shipment[] } } {
  const body = JSON.parse(readFileSync(new URL(`../../lib/carriers/postnord/fixtures/${name}.json`, import.meta.url), "utf8"));
  const shipment = body.TrackingInformationResponse.shipments[0] as Shipment;
  // A delivered stand-in for another number carries that number, as PostNord's own answer would.
  if (shipment.shipmentId !== number && !shipment.items.some((item) => item.itemId === number)) {
    shipment.shipmentId = number;
    shipment.items[0]!.itemId = number;
  }
  return body;
}

const NO_SHIPMENT = {
  TrackingInformationResponse: {
    shipments: [],
    compositeFault: { faults: [{ faultCode: "API-003", explanationText: "No shipment found for the given identifier", paramValues: [] }] },
  },
};

export type PostnordFailure = { kind: "auth" } | { kind: "rate_limited"; retryAfterSeconds: number; times?: number } | { kind: "server_error" };

export interface FakePostnordServer {
  url: string;
  /** The id of each call, in order. */
  calls: string[];
  /** The query of the last call (locale and key included). */
  lastQuery: URLSearchParams;
  failWith(failure: PostnordFailure | null): void;
  /** Answers for `number` with the delivered fixture, renamed to it (a whole-flow test's parcel). */
  deliver(number: string): void;
  reset(): void;
  close(): Promise<void>;
}

export async function startFakePostnordServer(): Promise<FakePostnordServer> {
  const calls: string[] = [];
  const delivered = new Set<string>();
  const state = { lastQuery: new URLSearchParams() };
  let failure: PostnordFailure | null = null;
  let failuresLeft = Infinity;
  const server = createServer((request, response) => {
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      response.writeHead(status, { "content-type": "application/json", ...headers });
      response.end(JSON.stringify(body));
    };
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    if (request.method !== "GET" || url.pathname !== "/rest/shipment/v5/trackandtrace/findByIdentifier.json") return send(404, { message: "No such resource" });
    const number = url.searchParams.get("id") ?? "";
    calls.push(number);
    state.lastQuery = url.searchParams;
    if (failure && failuresLeft > 0) {
      failuresLeft -= 1;
      if (failure.kind === "auth") return send(403, { message: "Authentication failed" });
      if (failure.kind === "rate_limited") return send(429, { message: "Rate limit exceeded" }, { "retry-after": String(failure.retryAfterSeconds) });
      return send(503, { message: "Service temporarily unavailable" });
    }
    if (url.searchParams.get("apikey") !== POSTNORD_CREDENTIALS.apiKey) return send(403, { message: "Authentication failed" });
    const name = delivered.has(number) ? "delivered" : FIXTURE_OF[number];
    return send(200, name ? answerFor(name, number) : NO_SHIPMENT);
  });
  const { url, close } = await listenOnLoopback(server);
  return {
    url,
    calls,
    get lastQuery() {
      return state.lastQuery;
    },
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
