import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage } from "node:http";
import { listenOnLoopback } from "./listen-on-loopback";

/**
 * A local stand-in for the GLS Group API: the OAuth token endpoint (`POST /oauth2/v2/token`, Basic
 * auth) and Track And Trace V1 (`GET /track-and-trace-v1/tracking/simple/trackids/{ids}`, Bearer),
 * answering from `lib/carriers/gls/fixtures/`, one parcel per number (`errorCode` E_404_01 for
 * unknown ones), failing on demand, and moving a number to Delivered when told (`deliver`).
 */

export const GLS_NUMBERS = { delivered: "20260000101", inTransit: "20260000202", exception: "20260000303", notFound: "20269999999" } as const;
export const GLS_CREDENTIALS = { clientId: "fake-gls-client-id", clientSecret: "fake-gls-client-secret" };
/** GLS tokens live four hours. */
export const GLS_TOKEN_LIFETIME_SECONDS = 14_400;

const FIXTURE_OF: Record<string, string> = {
  [GLS_NUMBERS.delivered]: "delivered",
  [GLS_NUMBERS.inTransit]: "in-transit",
  [GLS_NUMBERS.exception]: "exception",
};

function fixtureParcel(name: string, number: string): Record<string, unknown> {
  const body = JSON.parse(readFileSync(new URL(`../../lib/carriers/gls/fixtures/${name}.json`, import.meta.url), "utf8"));
  return { ...body.parcels[0], requested: number, unitno: number };
}

/** The gateway's (Apigee) error body for 401 and 429. */
const fault = (faultstring: string, errorcode: string) => ({ fault: { faultstring, detail: { errorcode } } });

export type GlsFailure = { kind: "auth" } | { kind: "rate_limited"; retryAfterSeconds: number } | { kind: "server_error" };

export interface FakeGlsServer {
  url: string;
  /** The numbers of each tracking call, in order. */
  calls: string[][];
  /** How many tokens were asked for. */
  readonly tokenRequests: number;
  /** Headers of the last tracking call. */
  readonly lastHeaders: IncomingMessage["headers"];
  failWith(failure: GlsFailure | null): void;
  /** Answers for `number` with the delivered fixture's events (a whole-flow test's parcel). */
  deliver(number: string): void;
  /** Refuses every token issued so far, as GLS does once one expires early. */
  revokeTokens(): void;
  reset(): void;
  close(): Promise<void>;
}

function credentialsOf(request: IncomingMessage, form: URLSearchParams): { clientId?: string; clientSecret?: string } {
  const basic = /^Basic (.+)$/.exec(request.headers.authorization ?? "");
  if (!basic) return { clientId: form.get("client_id") ?? undefined, clientSecret: form.get("client_secret") ?? undefined };
  const [clientId, clientSecret] = Buffer.from(basic[1]!, "base64").toString("utf8").split(":");
  return { clientId, clientSecret };
}

export async function startFakeGlsServer(): Promise<FakeGlsServer> {
  const calls: string[][] = [];
  const delivered = new Set<string>();
  const validTokens = new Set<string>();
  let failure: GlsFailure | null = null;
  const state = { tokenRequests: 0, issued: 0, lastHeaders: {} as IncomingMessage["headers"] };
  const server = createServer((request, response) => {
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      response.writeHead(status, { "content-type": "application/json", ...headers });
      response.end(JSON.stringify(body));
    };
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const url = new URL(request.url ?? "/", "http://localhost");
      if (request.method === "POST" && url.pathname === "/oauth2/v2/token") {
        state.tokenRequests += 1;
        const form = new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
        const { clientId, clientSecret } = credentialsOf(request, form);
        if (form.get("grant_type") !== "client_credentials") return send(400, { errors: [{ message: "Unsupported grant type", type: "400" }] });
        if (clientId !== GLS_CREDENTIALS.clientId || clientSecret !== GLS_CREDENTIALS.clientSecret) {
          return send(401, { errors: [{ message: "Invalid client identifier", type: "401" }] });
        }
        state.issued += 1;
        const token = `fake-gls-token-${state.issued}`;
        validTokens.add(token);
        return send(200, { token_type: "Bearer", access_token: token, expires_in: GLS_TOKEN_LIFETIME_SECONDS });
      }
      const match = /^\/track-and-trace-v1\/tracking\/simple\/trackids\/([^/]+)$/.exec(url.pathname);
      if (!match || request.method !== "GET") {
        return send(404, { type: "about:blank", title: "Not Found", status: 404, detail: `No static resource ${url.pathname}.`, instance: url.pathname });
      }
      const numbers = match[1]!.split(",").map(decodeURIComponent);
      calls.push(numbers);
      state.lastHeaders = request.headers;
      if (failure?.kind === "rate_limited") {
        return send(429, fault("Rate limit quota violation. Quota limit exceeded.", "policies.ratelimit.QuotaViolation"), {
          "retry-after": String(failure.retryAfterSeconds),
        });
      }
      if (failure?.kind === "server_error") return send(503, { type: "about:blank", title: "Service Unavailable", status: 503 });
      const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1];
      if (failure?.kind === "auth" || !token || !validTokens.has(token)) {
        return send(401, fault("Invalid access token", "keymanagement.service.invalid_access_token"));
      }
      if (numbers.length > 10) {
        return send(400, {
          type: "about:blank",
          title: "Bad Request",
          status: 400,
          detail: `Provided references of size '${numbers.length}' is more than allowed limit of 10`,
          instance: url.pathname,
        });
      }
      const parcels = numbers.map((number) => {
        const name = delivered.has(number) ? "delivered" : FIXTURE_OF[number];
        return name ? fixtureParcel(name, number) : { requested: number, errorCode: "E_404_01", errorMessage: "Resource Not Found" };
      });
      return send(200, { parcels });
    });
  });
  const { url, close } = await listenOnLoopback(server);
  return {
    url,
    calls,
    get tokenRequests() {
      return state.tokenRequests;
    },
    get lastHeaders() {
      return state.lastHeaders;
    },
    failWith: (next) => void (failure = next),
    deliver: (number) => void delivered.add(number),
    revokeTokens: () => validTokens.clear(),
    reset() {
      calls.length = 0;
      delivered.clear();
      validTokens.clear();
      failure = null;
      state.tokenRequests = 0;
    },
    close,
  };
}
