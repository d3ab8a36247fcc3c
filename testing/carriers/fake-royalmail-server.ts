import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import { listenOnLoopback } from "./listen-on-loopback";

/**
 * A local stand-in for Royal Mail's Tracking API v2: `GET /mailpieces/v2/{id}/events` behind the
 * IBM gateway's client id and secret headers, answering from `lib/carriers/royalmail/fixtures/`,
 * failing on demand, and moving a number to Delivered when told (`deliver`).
 */

export const ROYALMAIL_NUMBERS = { delivered: "RM123456785GB", inTransit: "RM987654325GB", exception: "RM555555555GB", notFound: "RM000000000GB" } as const;
export const ROYALMAIL_CREDENTIALS = { clientId: "fake-rm-client-id", clientSecret: "fake-rm-client-secret" };

const FIXTURE_OF: Record<string, string> = {
  [ROYALMAIL_NUMBERS.delivered]: "delivered",
  [ROYALMAIL_NUMBERS.inTransit]: "in-transit",
  [ROYALMAIL_NUMBERS.exception]: "exception",
};

const fixture = (name: string) => JSON.parse(readFileSync(new URL(`../../lib/carriers/royalmail/fixtures/${name}.json`, import.meta.url), "utf8"));

const errorBody = (httpCode: number, httpMessage: string, errorCode: string, errorDescription: string, moreInformation?: string) => ({
  httpCode,
  httpMessage,
  moreInformation,
  errors: [{ errorCode, errorDescription }],
});

export type RoyalmailFailure = { kind: "auth" } | { kind: "rate_limited"; retryAfterSeconds: number } | { kind: "server_error" };

export interface FakeRoyalmailServer {
  url: string;
  calls: string[];
  lastHeaders: Record<string, string | string[] | undefined>;
  failWith(failure: RoyalmailFailure | null): void;
  deliver(number: string): void;
  reset(): void;
  close(): Promise<void>;
}

export async function startFakeRoyalmailServer(): Promise<FakeRoyalmailServer> {
  const calls: string[] = [];
  const delivered = new Set<string>();
  let failure: RoyalmailFailure | null = null;
  const state = { lastHeaders: {} as Record<string, string | string[] | undefined> };
  const server = createServer((request, response) => {
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      response.writeHead(status, { "content-type": "application/json", ...headers });
      response.end(JSON.stringify(body));
    };
    const match = /^\/mailpieces\/v2\/([^/?]+)\/events/.exec(request.url ?? "");
    if (!match) return send(404, errorBody(404, "Not Found", "E0000", "No such resource"));
    const number = decodeURIComponent(match[1]!);
    calls.push(number);
    state.lastHeaders = request.headers;
    if (failure?.kind === "rate_limited") {
      return send(429, errorBody(429, "Too Many Requests", "E0429", "Rate limit", "The rate limit has been exceeded for the plan or operation being used."), {
        "retry-after": String(failure.retryAfterSeconds),
      });
    }
    if (failure?.kind === "server_error") return send(503, errorBody(503, "Service Unavailable", "E0500", "Try again later"));
    const authorised =
      request.headers["x-ibm-client-id"] === ROYALMAIL_CREDENTIALS.clientId && request.headers["x-ibm-client-secret"] === ROYALMAIL_CREDENTIALS.clientSecret;
    if (failure?.kind === "auth" || !authorised) return send(401, errorBody(401, "Unauthorized", "E0001", "Client id or secret not valid"));
    if (request.headers["x-accept-rmg-terms"] !== "yes") return send(400, errorBody(400, "Bad Request", "E0004", "Please accept the terms and conditions"));
    const name = delivered.has(number) ? "delivered" : FIXTURE_OF[number];
    if (!name) return send(404, errorBody(404, "Not Found", "E1142", "Tracking number not recognised"));
    const body = fixture(name);
    body.mailPieces.mailPieceId = number;
    return send(200, body);
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
