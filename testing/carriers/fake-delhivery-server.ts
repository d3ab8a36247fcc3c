import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import { listenOnLoopback } from "./listen-on-loopback";

/**
 * A local stand-in for Delhivery's pull tracking API: `GET /api/v1/packages/json/?waybill=a,b` with
 * `Authorization: Token <token>`, answering from `lib/carriers/delhivery/fixtures/`, failing on demand,
 * and moving a waybill to Delivered when told (`deliver`). Like Delhivery at its strictest, it refuses
 * the whole list ("No such waybill or Order Id found") when any waybill in it is unknown.
 */

export const DELHIVERY_NUMBERS = { delivered: "29175310004521", inTransit: "29175310004532", exception: "29175310004543", notFound: "29175310009999" } as const;
export const DELHIVERY_TOKEN = "fake-delhivery-token";

const FIXTURE_OF: Record<string, string> = {
  [DELHIVERY_NUMBERS.delivered]: "delivered",
  [DELHIVERY_NUMBERS.inTransit]: "in-transit",
  [DELHIVERY_NUMBERS.exception]: "exception",
};

const fixture = (name: string): { Shipment: Record<string, unknown> } =>
  JSON.parse(readFileSync(new URL(`../../lib/carriers/delhivery/fixtures/${name}.json`, import.meta.url), "utf8"));

export type DelhiveryFailure = { kind: "auth" } | { kind: "rate_limited"; retryAfterSeconds: number } | { kind: "server_error" };

export interface FakeDelhiveryServer {
  url: string;
  /** The waybills of each call, in order. */
  calls: string[][];
  failWith(failure: DelhiveryFailure | null): void;
  /** Answers for `waybill` with the delivered fixture's scans, renamed to it (a whole-flow test's parcel). */
  deliver(waybill: string): void;
  reset(): void;
  close(): Promise<void>;
}

export async function startFakeDelhiveryServer(): Promise<FakeDelhiveryServer> {
  const calls: string[][] = [];
  const delivered = new Set<string>();
  let failure: DelhiveryFailure | null = null;
  const fixtureFor = (waybill: string) => (delivered.has(waybill) ? "delivered" : FIXTURE_OF[waybill]);
  const server = createServer((request, response) => {
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      const text = typeof body === "string";
      response.writeHead(status, { "content-type": text ? "text/plain" : "application/json", ...headers });
      response.end(text ? body : JSON.stringify(body));
    };
    const url = new URL(request.url ?? "/", "http://fake");
    if (url.pathname !== "/api/v1/packages/json/" || request.method !== "GET") return send(404, "Not Found");
    const waybills = (url.searchParams.get("waybill") ?? "").split(",").filter(Boolean);
    calls.push(waybills);
    if (failure?.kind === "rate_limited") return send(429, { detail: "Request was throttled." }, { "retry-after": String(failure.retryAfterSeconds) });
    if (failure?.kind === "server_error") return send(502, "Bad Gateway");
    if (failure?.kind === "auth" || request.headers.authorization !== `Token ${DELHIVERY_TOKEN}`) return send(401, "Login or API Key Required");
    if (waybills.length > 50) return send(400, { Error: "At most 50 waybills a request" });
    if (waybills.length === 0 || !waybills.every(fixtureFor)) {
      return send(200, {
        rmk: "Some error has occurred. Please contact client.support@delhivery.com with error message- No such waybill or Order Id found",
        Success: false,
        Error: "No such waybill or Order Id found",
      });
    }
    const ShipmentData = waybills.map((waybill) => {
      const { Shipment } = fixture(fixtureFor(waybill)!);
      return { Shipment: { ...Shipment, AWB: waybill } };
    });
    return send(200, { ShipmentData });
  });
  const { url, close } = await listenOnLoopback(server);
  return {
    url,
    calls,
    failWith: (next) => void (failure = next),
    deliver: (waybill) => void delivered.add(waybill),
    reset() {
      calls.length = 0;
      delivered.clear();
      failure = null;
    },
    close,
  };
}
