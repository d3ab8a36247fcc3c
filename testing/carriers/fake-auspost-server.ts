import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import { listenOnLoopback } from "./listen-on-loopback";

/**
 * A local stand-in for Australia Post's Shipping & Tracking API: `GET /shipping/v1/track?tracking_ids=a,b`
 * with Basic auth (API key and password) and the `account-number` header, answering from
 * `lib/carriers/auspost/fixtures/`, one `tracking_results` entry per id (ESB-10001 for ids it does not
 * know), failing on demand, and moving a number to Delivered when told (`deliver`).
 */

export const AUSPOST_NUMBERS = { delivered: "33LPZ5012345", inTransit: "CX482913576DE", exception: "33XYZ7654321", notFound: "33QQQ0000000" } as const;
export const AUSPOST_CREDENTIALS = { apiKey: "fake-auspost-key", password: "fake-auspost-password", accountNumber: "1012345678" };

const FIXTURE_OF: Record<string, string> = {
  [AUSPOST_NUMBERS.delivered]: "delivered",
  [AUSPOST_NUMBERS.inTransit]: "in-transit",
  [AUSPOST_NUMBERS.exception]: "exception",
};

const fixture = (name: string): Record<string, unknown> =>
  JSON.parse(readFileSync(new URL(`../../lib/carriers/auspost/fixtures/${name}.json`, import.meta.url), "utf8"));

const errors = (code: string, name: string, message: string) => ({ errors: [{ code, name, message }] });

export type AuspostFailure = { kind: "auth" } | { kind: "rate_limited"; retryAfterSeconds: number } | { kind: "server_error" };

export interface FakeAuspostServer {
  url: string;
  /** The ids of each call, in order. */
  calls: string[][];
  lastHeaders: Record<string, string | string[] | undefined>;
  failWith(failure: AuspostFailure | null): void;
  /** Answers for `number` with the delivered fixture's events, renamed to it (a whole-flow test's parcel). */
  deliver(number: string): void;
  reset(): void;
  close(): Promise<void>;
}

function resultFor(id: string, delivered: Set<string>): Record<string, unknown> {
  const name = delivered.has(id) ? "delivered" : FIXTURE_OF[id];
  if (!name) return { tracking_id: id, errors: [{ code: "ESB-10001", name: "Invalid tracking ID" }] };
  return { ...fixture(name), tracking_id: id };
}

export async function startFakeAuspostServer(): Promise<FakeAuspostServer> {
  const calls: string[][] = [];
  const delivered = new Set<string>();
  let failure: AuspostFailure | null = null;
  const state = { lastHeaders: {} as Record<string, string | string[] | undefined> };
  const expectedAuthorization = `Basic ${Buffer.from(`${AUSPOST_CREDENTIALS.apiKey}:${AUSPOST_CREDENTIALS.password}`).toString("base64")}`;
  const server = createServer((request, response) => {
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      response.writeHead(status, { "content-type": "application/json", ...headers });
      response.end(JSON.stringify(body));
    };
    const url = new URL(request.url ?? "/", "http://fake");
    if (url.pathname !== "/shipping/v1/track" || request.method !== "GET") return send(404, errors("404", "NOT_FOUND", "No such resource"));
    const ids = (url.searchParams.get("tracking_ids") ?? "").split(",").filter(Boolean);
    calls.push(ids);
    state.lastHeaders = request.headers;
    if (failure?.kind === "rate_limited") {
      return send(429, errors("429", "TOO_MANY_REQUESTS", "Rate limit exceeded"), { "retry-after": String(failure.retryAfterSeconds) });
    }
    if (failure?.kind === "server_error") return send(503, errors("503", "SERVICE_UNAVAILABLE", "Try again later"));
    if (failure?.kind === "auth" || request.headers.authorization !== expectedAuthorization) {
      return send(401, errors("401", "UNAUTHORISED", "Invalid API key or password"));
    }
    if (request.headers["account-number"] !== AUSPOST_CREDENTIALS.accountNumber) {
      return send(403, errors("403", "FORBIDDEN", "The account number does not belong to this API key"));
    }
    if (ids.length > 10) return send(400, errors("51101", "TOO_MANY_AP_TRACKING_IDS", "The request must contain 10 or less AP article ids."));
    return send(200, { tracking_results: ids.map((id) => resultFor(id, delivered)) });
  });
  const { url, close } = await listenOnLoopback(server);
  return {
    url,
    calls,
    get lastHeaders() {
      return state.lastHeaders;
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
