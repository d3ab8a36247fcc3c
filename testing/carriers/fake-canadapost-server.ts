import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import { buildXml, parseXml } from "@/lib/carriers/xml";
import { listenOnLoopback } from "./listen-on-loopback";

/**
 * A local stand-in for Canada Post's Get Tracking Details: `GET /vis/track/pin/{pin}/detail` behind
 * HTTP Basic auth with an API key's username and password, answering XML from
 * `lib/carriers/canadapost/fixtures/`, failing on demand, and moving a number to Delivered when told (`deliver`).
 */

// 16-digit PINs with a valid GS1 mod-10 check digit, so courier detection takes them for Canada Post.
export const CANADAPOST_NUMBERS = {
  delivered: "7316985412630588",
  inTransit: "7316985412630779",
  exception: "7316985412630960",
  notFound: "7316985412630113",
} as const;
export const CANADAPOST_CREDENTIALS = { username: "fake-cp-username", password: "fake-cp-password" };

const MEDIA_TYPE = "application/vnd.cpc.track-v2+xml";

const FIXTURE_OF: Record<string, string> = {
  [CANADAPOST_NUMBERS.delivered]: "delivered",
  [CANADAPOST_NUMBERS.inTransit]: "in-transit",
  [CANADAPOST_NUMBERS.exception]: "exception",
};

/** A fixture's answer for `pin`: the fixture with its `<pin>` replaced. */
function detailXml(name: string, pin: string): string {
  const document = parseXml(readFileSync(new URL(`../../lib/carriers/canadapost/fixtures/${name}.xml`, import.meta.url), "utf8"));
  delete document["?xml"];
  (document["tracking-detail"] as Record<string, unknown>).pin = pin;
  return buildXml(document);
}

const messagesXml = (code: string, description: string) =>
  buildXml({ messages: { "@_xmlns": "http://www.canadapost.ca/ws/messages", message: { code, description } } });

export type CanadapostFailure = { kind: "auth" } | { kind: "rate_limited"; retryAfterSeconds?: number } | { kind: "server_error" };

export interface FakeCanadapostServer {
  url: string;
  calls: string[];
  lastHeaders: Record<string, string | string[] | undefined>;
  failWith(failure: CanadapostFailure | null): void;
  deliver(number: string): void;
  reset(): void;
  close(): Promise<void>;
}

const EXPECTED_AUTHORIZATION = `Basic ${Buffer.from(`${CANADAPOST_CREDENTIALS.username}:${CANADAPOST_CREDENTIALS.password}`).toString("base64")}`;

export async function startFakeCanadapostServer(): Promise<FakeCanadapostServer> {
  const calls: string[] = [];
  const delivered = new Set<string>();
  let failure: CanadapostFailure | null = null;
  const state = { lastHeaders: {} as Record<string, string | string[] | undefined> };
  const server = createServer((request, response) => {
    const send = (status: number, body: string, headers: Record<string, string> = {}) => {
      response.writeHead(status, { "content-type": MEDIA_TYPE, ...headers });
      response.end(body);
    };
    const match = /^\/vis\/track\/pin\/([^/?]+)\/detail$/.exec(request.url ?? "");
    if (!match) return send(404, messagesXml("Server", "Not Found"));
    const number = decodeURIComponent(match[1]!);
    calls.push(number);
    state.lastHeaders = request.headers;
    // The gateway's throttle: "blocked from making additional calls for up to a minute".
    if (failure?.kind === "rate_limited") {
      const retryAfter: Record<string, string> = failure.retryAfterSeconds === undefined ? {} : { "retry-after": String(failure.retryAfterSeconds) };
      return send(429, messagesXml("Server", "Rejected by SLM Monitor"), retryAfter);
    }
    if (failure?.kind === "server_error") return send(500, messagesXml("Server", "Internal Server Error"));
    if (failure?.kind === "auth" || request.headers.authorization !== EXPECTED_AUTHORIZATION) {
      return send(401, messagesXml("E002", "AAA Authentication Failure"));
    }
    if (request.headers.accept !== MEDIA_TYPE) return send(406, messagesXml("Server", "Not Acceptable"));
    const name = delivered.has(number) ? "delivered" : FIXTURE_OF[number];
    if (!name) return send(404, messagesXml("004", "No Pin History"));
    return send(200, detailXml(name, number));
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
