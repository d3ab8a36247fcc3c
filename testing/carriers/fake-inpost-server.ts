import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import { listenOnLoopback } from "./listen-on-loopback";

/**
 * A local stand-in for InPost ShipX tracking: `GET /v1/tracking/{number}`, answering without a
 * token (as the public endpoint does) and refusing a Bearer token it does not know, from
 * `lib/carriers/inpost/fixtures/`; failing on demand and moving a number to Delivered when told (`deliver`).
 */

export const INPOST_NUMBERS = {
  delivered: "620123456789012345678901",
  inTransit: "620987654321098765432109",
  exception: "620555555555555555555555",
  notFound: "620000000000000000000000",
} as const;
export const INPOST_CREDENTIALS = { token: "fake-shipx-token" };

const FIXTURE_OF: Record<string, string> = {
  [INPOST_NUMBERS.delivered]: "delivered",
  [INPOST_NUMBERS.inTransit]: "in-transit",
  [INPOST_NUMBERS.exception]: "exception",
};

const fixture = (name: string) => JSON.parse(readFileSync(new URL(`../../lib/carriers/inpost/fixtures/${name}.json`, import.meta.url), "utf8"));

const errorBody = (status: number, error: string, message: string) => ({ status, error, message, details: {} });

export type InpostFailure = { kind: "auth" } | { kind: "rate_limited"; retryAfterSeconds: number; times?: number } | { kind: "server_error" };

export interface FakeInpostServer {
  url: string;
  /** The number of each call, in order. */
  calls: string[];
  lastHeaders: Record<string, string | string[] | undefined>;
  failWith(failure: InpostFailure | null): void;
  /** Answers for `number` with the delivered fixture, renamed to it (a whole-flow test's parcel). */
  deliver(number: string): void;
  reset(): void;
  close(): Promise<void>;
}

export async function startFakeInpostServer(): Promise<FakeInpostServer> {
  const calls: string[] = [];
  const delivered = new Set<string>();
  const state = { lastHeaders: {} as Record<string, string | string[] | undefined> };
  let failure: InpostFailure | null = null;
  let failuresLeft = Infinity;
  const server = createServer((request, response) => {
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      response.writeHead(status, { "content-type": "application/json", ...headers });
      response.end(JSON.stringify(body));
    };
    const match = /^\/v1\/tracking\/([^/?]+)/.exec(request.url ?? "");
    if (!match || request.method !== "GET") return send(404, errorBody(404, "resource_not_found", "No such route"));
    const number = decodeURIComponent(match[1]!);
    calls.push(number);
    state.lastHeaders = request.headers;
    if (failure && failuresLeft > 0) {
      failuresLeft -= 1;
      if (failure.kind === "auth") return send(401, errorBody(401, "token_invalid", "Token is invalid"));
      if (failure.kind === "rate_limited") {
        return send(429, errorBody(429, "too_many_requests", "Too many requests"), { "retry-after": String(failure.retryAfterSeconds) });
      }
      return send(503, errorBody(503, "service_unavailable", "Service unavailable"));
    }
    const authorization = request.headers.authorization;
    if (authorization !== undefined && authorization !== `Bearer ${INPOST_CREDENTIALS.token}`) {
      return send(401, errorBody(401, "token_invalid", "Token is invalid"));
    }
    const name = delivered.has(number) ? "delivered" : FIXTURE_OF[number];
    if (!name) return send(404, errorBody(404, "resource_not_found", "Resource not found"));
    return send(200, { ...fixture(name), tracking_number: number });
  });
  const { url, close } = await listenOnLoopback(server);
  return {
    url,
    calls,
    get lastHeaders() {
      return state.lastHeaders;
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
