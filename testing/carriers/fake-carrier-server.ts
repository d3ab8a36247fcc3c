import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { type AddressInfo } from "node:net";
import { carrierSettingsFor } from "@/lib/carriers/descriptor";
import { dhlCarrier } from "@/lib/carriers/dhl/descriptor";
import { fedexCarrier } from "@/lib/carriers/fedex/descriptor";
import { upsCarrier } from "@/lib/carriers/ups/descriptor";
import { uspsCarrier } from "@/lib/carriers/usps/descriptor";
import { type FakeCarrier } from "@/testing/carriers/fake-carrier";
import { generatedInTransitBody } from "@/testing/carriers/generated-answers";

/**
 * A local stand-in for the DHL, UPS, FedEx and USPS tracking APIs: their OAuth token and
 * tracking endpoints on one `node:http` server, answering from the fixtures under
 * `lib/carriers/<carrier>/fixtures/`, counting requests, and failing on demand.
 */

export type FakeEndpoint = "token" | "track";

/** Tracking numbers the fixtures answer for. Any other number is not found (or generated, see options). */
export const FIXTURE_NUMBERS = {
  dhl: { delivered: "4818392046", inTransit: "00340434161094015902", exception: "7398126450", notFound: "1234567890" },
  ups: {
    delivered: "1Z5R89390357567127",
    inTransit: "1Z3E4R290346551188",
    exception: "1Z0X118A0391234563",
    notFound: "1Z9999W99999999999",
    invalidNumber: "1Z123",
  },
  fedex: { delivered: "794612345671", inTransit: "770412345682", exception: "779912345693", notFound: "799912345604" },
  usps: {
    delivered: "9400111899223345678901",
    inTransit: "9205590164917312751089",
    exception: "9361289738009123456784",
    notFound: "9400100000000000000000",
  },
} as const;

/** The credentials the server accepts unless told otherwise. */
export const FAKE_CREDENTIALS = {
  dhl: { apiKey: "fake-dhl-api-key" },
  ups: { clientId: "fake-ups-client-id", clientSecret: "fake-ups-client-secret" },
  fedex: { clientId: "fake-fedex-client-id", clientSecret: "fake-fedex-client-secret" },
  usps: { clientId: "fake-usps-client-id", clientSecret: "fake-usps-client-secret" },
};

/** Token lifetimes the real carriers give (seconds). */
const TOKEN_LIFETIME_SECONDS: Record<Exclude<FakeCarrier, "dhl">, number> = { ups: 14_399, fedex: 3_599, usps: 28_799 };

export type FakeFailure =
  /** 401 with the carrier's auth-failure body. */
  | { kind: "auth" }
  /** 429 with `Retry-After` and the carrier's rate-limit body. */
  | { kind: "rate_limited"; retryAfterSeconds?: number }
  /** A 5xx (500 unless given). */
  | { kind: "server_error"; status?: number }
  /** Answers normally, but only after `delayMs`: longer than the client's timeout makes a timeout. */
  | { kind: "slow"; delayMs: number };

export interface RecordedRequest {
  carrier: FakeCarrier;
  endpoint: FakeEndpoint;
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  /** The request body of POSTs (token requests, FedEx tracking). */
  body: string | null;
  trackingNumbers: string[];
}

export interface FakeCarrierServerOptions {
  /** Answer numbers without a fixture with a generated in-transit shipment instead of "not found". */
  generateInTransit?: boolean;
  /** Overrides the carriers' token lifetimes, e.g. to test refresh after expiry. */
  tokenLifetimeSeconds?: number;
  /** Keep a log of every request (on by default; turn off for large benchmarks). */
  recordRequests?: boolean;
  /** Start of generated shipments' events; default one day before the server started, on the hour. */
  generatedEventsStartAt?: Date;
}

export interface FakeCarrierServer {
  /** `http://127.0.0.1:<port>`: the base URL for every carrier. */
  url: string;
  /** Configuration that points the carrier registry at this server, with client-side limits off. */
  env: Record<string, string>;
  requests: RecordedRequest[];
  /** Requests received, optionally for one carrier and endpoint (counted even when not recorded). */
  requestCount(carrier?: FakeCarrier, endpoint?: FakeEndpoint): number;
  /** Accepts another set of credentials besides `FAKE_CREDENTIALS`, as for a merchant's own connection. */
  acceptCredentials(carrier: FakeCarrier, credentials: { apiKey: string } | { clientId: string; clientSecret: string }): void;
  /** Fails the carrier's matching requests `times` times (forever when omitted). */
  fail(carrier: FakeCarrier, failure: FakeFailure, options?: { endpoint?: FakeEndpoint; times?: number }): void;
  clearFailures(): void;
  /** Revokes issued tokens, as if they had expired: the next tracking call gets a 401. */
  expireTokens(carrier?: FakeCarrier): void;
  /** Answers a number with `body` from now on (a full response in the carrier's format). */
  setAnswer(carrier: FakeCarrier, trackingNumber: string, body: unknown, status?: number): void;
  /** Forgets the request log and counts, failures, tokens and answers set with `setAnswer`. */
  reset(): void;
  close(): Promise<void>;
}

/** A fixture file of `lib/carriers/<carrier>/fixtures/`, parsed. */
export function loadFixture(carrier: FakeCarrier, name: string): unknown {
  return JSON.parse(readFileSync(new URL(`../../lib/carriers/${carrier}/fixtures/${name}.json`, import.meta.url), "utf8"));
}

interface Answer {
  status: number;
  /** Serialised once: the server answers thousands of polls in benchmarks. */
  body: string;
}

interface FailureRule {
  carrier: FakeCarrier;
  endpoint?: FakeEndpoint;
  failure: FakeFailure;
  remaining: number;
}

const SCENARIO_FILES = { delivered: "delivered", inTransit: "in-transit", exception: "exception" } as const;

/** FedEx answers batches: fixtures are kept as one `completeTrackResults` entry per number. */
function fedexEntry(body: unknown): string {
  const entry = (body as { output: { completeTrackResults: unknown[] } }).output.completeTrackResults[0];
  return JSON.stringify(entry);
}

function fixtureAnswers(): Record<FakeCarrier, Map<string, Answer>> {
  const answers = { dhl: new Map(), ups: new Map(), fedex: new Map(), usps: new Map() } as Record<FakeCarrier, Map<string, Answer>>;
  for (const carrier of Object.keys(answers) as FakeCarrier[]) {
    for (const [scenario, file] of Object.entries(SCENARIO_FILES)) {
      const number = FIXTURE_NUMBERS[carrier][scenario as keyof typeof SCENARIO_FILES];
      const body = loadFixture(carrier, file);
      answers[carrier].set(number, { status: 200, body: carrier === "fedex" ? fedexEntry(body) : JSON.stringify(body) });
    }
  }
  answers.ups.set(FIXTURE_NUMBERS.ups.invalidNumber, {
    status: 400,
    body: JSON.stringify(loadFixture("ups", "invalid-number")),
  });
  return answers;
}

/** Carrier-format "not found" answers for any number, built from the not-found fixtures. */
function notFoundBuilders(): Record<FakeCarrier, (trackingNumber: string) => Answer> {
  const dhl = loadFixture("dhl", "not-found") as Record<string, unknown>;
  const ups = loadFixture("ups", "not-found") as { trackResponse: { shipment: Record<string, unknown>[] } };
  const fedex = loadFixture("fedex", "not-found") as {
    output: { completeTrackResults: { trackResults: { trackingNumberInfo: Record<string, unknown> }[] }[] };
  };
  const usps = JSON.stringify(loadFixture("usps", "not-found"));
  const fedexEntryTemplate = fedex.output.completeTrackResults[0]!;
  return {
    dhl: (number) => ({
      status: 404,
      body: JSON.stringify({ ...dhl, instance: `/track/shipments?trackingNumber=${encodeURIComponent(number)}` }),
    }),
    ups: (number) => ({
      status: 200,
      body: JSON.stringify({
        trackResponse: { shipment: [{ ...ups.trackResponse.shipment[0], inquiryNumber: number }] },
      }),
    }),
    fedex: (number) => ({
      status: 200,
      body: JSON.stringify({
        ...fedexEntryTemplate,
        trackingNumber: number,
        trackResults: fedexEntryTemplate.trackResults.map((result) => ({
          ...result,
          trackingNumberInfo: { ...result.trackingNumberInfo, trackingNumber: number },
        })),
      }),
    }),
    usps: () => ({ status: 400, body: usps }),
  };
}

function failureBody(carrier: FakeCarrier, failure: FakeFailure): string {
  if (failure.kind === "auth") return JSON.stringify(loadFixture(carrier, "auth-failure"));
  if (failure.kind === "rate_limited") return JSON.stringify(loadFixture(carrier, "rate-limited"));
  return JSON.stringify({ message: "Internal Server Error" });
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** Form-encoded or JSON token request parameters. */
function tokenParameters(raw: string, contentType: string | undefined): Record<string, string> {
  if (contentType?.includes("json")) {
    try {
      return JSON.parse(raw) as Record<string, string>;
    } catch {
      return {};
    }
  }
  return Object.fromEntries(new URLSearchParams(raw));
}

function route(method: string, path: string): { carrier: FakeCarrier; endpoint: FakeEndpoint; number?: string } | null {
  if (method === "GET" && path === "/track/shipments") return { carrier: "dhl", endpoint: "track" };
  if (method === "POST" && path === "/security/v1/oauth/token") return { carrier: "ups", endpoint: "token" };
  const ups = /^\/api\/track\/v1\/details\/([^/]+)$/.exec(path);
  if (method === "GET" && ups) return { carrier: "ups", endpoint: "track", number: decodeURIComponent(ups[1]!) };
  if (method === "POST" && path === "/oauth/token") return { carrier: "fedex", endpoint: "token" };
  if (method === "POST" && path === "/track/v1/trackingnumbers") return { carrier: "fedex", endpoint: "track" };
  if (method === "POST" && path === "/oauth2/v3/token") return { carrier: "usps", endpoint: "token" };
  const usps = /^\/tracking\/v3\/tracking\/([^/]+)$/.exec(path);
  if (method === "GET" && usps) return { carrier: "usps", endpoint: "track", number: decodeURIComponent(usps[1]!) };
  return null;
}

export async function startFakeCarrierServer(options: FakeCarrierServerOptions = {}): Promise<FakeCarrierServer> {
  const fixtures = fixtureAnswers();
  const notFound = notFoundBuilders();
  let custom = { dhl: new Map(), ups: new Map(), fedex: new Map(), usps: new Map() } as Record<FakeCarrier, Map<string, Answer>>;
  const hourMs = 3_600_000;
  const generatedStartMs = options.generatedEventsStartAt?.getTime() ?? Math.floor((Date.now() - 24 * hourMs) / hourMs) * hourMs;
  const tokens = new Map<string, { carrier: FakeCarrier; expiresAtMs: number }>();
  let failures: FailureRule[] = [];
  const requests: RecordedRequest[] = [];
  let counts = new Map<string, number>();
  let extraCredentials: { carrier: FakeCarrier; key: string }[] = [];
  const credentialKey = (...parts: (string | undefined)[]) => parts.join("\n");
  const accepted = (carrier: FakeCarrier, key: string) => {
    const defaults = FAKE_CREDENTIALS[carrier];
    const defaultKey = "apiKey" in defaults ? credentialKey(defaults.apiKey) : credentialKey(defaults.clientId, defaults.clientSecret);
    return key === defaultKey || extraCredentials.some((extra) => extra.carrier === carrier && extra.key === key);
  };

  function answerFor(carrier: FakeCarrier, number: string): Answer {
    const known = custom[carrier].get(number) ?? fixtures[carrier].get(number);
    if (known) return known;
    const listedNotFound = (FIXTURE_NUMBERS[carrier] as Record<string, string>).notFound === number;
    if (options.generateInTransit && !listedNotFound) {
      return { status: 200, body: generatedInTransitBody(carrier, number, generatedStartMs) };
    }
    return notFound[carrier](number);
  }

  function takeFailure(carrier: FakeCarrier, endpoint: FakeEndpoint): FakeFailure | null {
    const rule = failures.find(
      (candidate) => candidate.carrier === carrier && (!candidate.endpoint || candidate.endpoint === endpoint) && candidate.remaining > 0,
    );
    if (!rule) return null;
    rule.remaining -= 1;
    return rule.failure;
  }

  function send(response: ServerResponse, status: number, body: string, headers: Record<string, string> = {}) {
    response.writeHead(status, { "Content-Type": "application/json", ...headers });
    response.end(body);
  }

  function issueToken(carrier: Exclude<FakeCarrier, "dhl">): string {
    const token = `fake-${carrier}-${randomUUID()}`;
    const lifetime = options.tokenLifetimeSeconds ?? TOKEN_LIFETIME_SECONDS[carrier];
    tokens.set(token, { carrier, expiresAtMs: Date.now() + lifetime * 1000 });
    return token;
  }

  function bearerValid(carrier: FakeCarrier, header: string | undefined): boolean {
    const token = /^Bearer (.+)$/i.exec(header ?? "")?.[1];
    const issued = token ? tokens.get(token) : undefined;
    return issued !== undefined && issued.carrier === carrier && issued.expiresAtMs > Date.now();
  }

  function handleToken(carrier: Exclude<FakeCarrier, "dhl">, raw: string, request: IncomingMessage, response: ServerResponse) {
    const parameters = tokenParameters(raw, request.headers["content-type"]);
    let clientId = parameters.client_id;
    let clientSecret = parameters.client_secret;
    if (carrier === "ups") {
      const basic = /^Basic (.+)$/i.exec(request.headers.authorization ?? "")?.[1];
      [clientId, clientSecret] = Buffer.from(basic ?? "", "base64")
        .toString("utf8")
        .split(":");
    }
    if (parameters.grant_type !== "client_credentials" || !accepted(carrier, credentialKey(clientId, clientSecret))) {
      send(response, 401, failureBody(carrier, { kind: "auth" }));
      return;
    }
    const token = issueToken(carrier);
    const lifetime = options.tokenLifetimeSeconds ?? TOKEN_LIFETIME_SECONDS[carrier];
    const bodies = {
      ups: {
        token_type: "Bearer",
        issued_at: String(Date.now()),
        client_id: clientId,
        access_token: token,
        scope: "",
        expires_in: String(lifetime),
        refresh_count: "0",
        status: "approved",
      },
      fedex: { access_token: token, token_type: "bearer", expires_in: lifetime, scope: "CXS-TP" },
      usps: {
        access_token: token,
        token_type: "Bearer",
        issued_at: Date.now(),
        expires_in: String(lifetime),
        status: "approved",
        scope: "addresses tracking",
        client_id: clientId,
      },
    };
    send(response, 200, JSON.stringify(bodies[carrier]));
  }

  const EXPIRED_TOKEN_BODIES: Record<Exclude<FakeCarrier, "dhl">, string> = {
    ups: JSON.stringify({ response: { errors: [{ code: "250002", message: "Invalid Authentication Information." }] } }),
    fedex: JSON.stringify({
      transactionId: "fake",
      errors: [{ code: "NOT.AUTHORIZED.ERROR", message: "Access token expired. Please modify your request and try again." }],
    }),
    usps: JSON.stringify({ apiVersion: "/tracking/v3", error: { code: "401", message: "The client application identifier is invalid.", errors: [] } }),
  };

  function handleTrack(carrier: FakeCarrier, number: string | undefined, url: URL, raw: string, request: IncomingMessage, response: ServerResponse): string[] {
    if (carrier === "dhl") {
      if (!accepted("dhl", credentialKey(String(request.headers["dhl-api-key"] ?? "")))) {
        send(response, 401, failureBody("dhl", { kind: "auth" }));
        return [];
      }
      const trackingNumber = url.searchParams.get("trackingNumber") ?? "";
      const answer = answerFor("dhl", trackingNumber);
      send(response, answer.status, answer.body);
      return [trackingNumber];
    }
    if (!bearerValid(carrier, request.headers.authorization)) {
      send(response, 401, EXPIRED_TOKEN_BODIES[carrier]);
      return number ? [number] : [];
    }
    if (carrier === "fedex") {
      let numbers: string[] = [];
      try {
        const body = JSON.parse(raw) as { trackingInfo?: { trackingNumberInfo?: { trackingNumber?: string } }[] };
        numbers = (body.trackingInfo ?? []).map((info) => info.trackingNumberInfo?.trackingNumber ?? "");
      } catch {
        numbers = [];
      }
      if (numbers.length === 0 || numbers.length > 30 || numbers.some((value) => !value)) {
        send(
          response,
          400,
          JSON.stringify({
            transactionId: "fake",
            errors: [{ code: "TRACKING.TRACKINGNUMBER.EMPTY", message: "Please provide between 1 and 30 tracking numbers." }],
          }),
        );
        return numbers;
      }
      const entries = numbers.map((value) => answerFor("fedex", value).body);
      send(response, 200, `{"transactionId":"${randomUUID()}","output":{"completeTrackResults":[${entries.join(",")}]}}`);
      return numbers;
    }
    if (carrier === "ups" && (!request.headers.transid || !request.headers.transactionsrc)) {
      send(response, 400, JSON.stringify({ response: { errors: [{ code: "10001", message: "Missing transId or transactionSrc header" }] } }));
      return number ? [number] : [];
    }
    const answer = answerFor(carrier, number ?? "");
    send(response, answer.status, answer.body);
    return number ? [number] : [];
  }

  const server = createServer((request, response) => {
    handle(request, response).catch(() => {
      // A client that gave up (timeout tests) leaves nothing to answer.
      if (!response.headersSent && !response.destroyed) send(response, 500, JSON.stringify({ message: "fake server error" }));
    });
  });

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? "/", "http://fake.invalid");
    const matched = route(request.method ?? "GET", url.pathname);
    if (!matched) {
      send(response, 404, JSON.stringify({ message: `No fake endpoint for ${request.method} ${url.pathname}` }));
      return;
    }
    const { carrier, endpoint, number } = matched;
    for (const key of [carrier, `${carrier}|${endpoint}`, "*"]) counts.set(key, (counts.get(key) ?? 0) + 1);
    const raw = request.method === "POST" ? await readBody(request) : null;
    const record: RecordedRequest = {
      carrier,
      endpoint,
      method: request.method ?? "GET",
      path: url.pathname + url.search,
      headers: request.headers,
      body: raw,
      trackingNumbers: number ? [number] : [],
    };
    if (options.recordRequests !== false) requests.push(record);
    const failure = takeFailure(carrier, endpoint);
    if (failure?.kind === "slow") await new Promise((resolve) => setTimeout(resolve, failure.delayMs));
    else if (failure) {
      const status = failure.kind === "auth" ? 401 : failure.kind === "rate_limited" ? 429 : (failure.status ?? 500);
      const headers: Record<string, string> = failure.kind === "rate_limited" ? { "Retry-After": String(failure.retryAfterSeconds ?? 30) } : {};
      send(response, status, failureBody(carrier, failure), headers);
      return;
    }
    if (response.destroyed) return;
    if (endpoint === "token") handleToken(carrier as Exclude<FakeCarrier, "dhl">, raw ?? "", request, response);
    else record.trackingNumbers = handleTrack(carrier, number, url, raw ?? "", request, response);
  }

  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    env: {
      ...carrierSettingsFor(dhlCarrier, url, FAKE_CREDENTIALS.dhl),
      ...carrierSettingsFor(upsCarrier, url, FAKE_CREDENTIALS.ups),
      ...carrierSettingsFor(fedexCarrier, url, FAKE_CREDENTIALS.fedex),
      ...carrierSettingsFor(uspsCarrier, url, FAKE_CREDENTIALS.usps),
    },
    requests,
    requestCount(carrier, endpoint) {
      return counts.get(carrier ? (endpoint ? `${carrier}|${endpoint}` : carrier) : "*") ?? 0;
    },
    acceptCredentials(carrier, credentials) {
      const key = "apiKey" in credentials ? credentialKey(credentials.apiKey) : credentialKey(credentials.clientId, credentials.clientSecret);
      extraCredentials.push({ carrier, key });
    },
    fail(carrier, failure, { endpoint, times } = {}) {
      failures.push({ carrier, endpoint, failure, remaining: times ?? Number.POSITIVE_INFINITY });
    },
    clearFailures() {
      failures = [];
    },
    expireTokens(carrier) {
      for (const [token, issued] of tokens) if (!carrier || issued.carrier === carrier) tokens.delete(token);
    },
    setAnswer(carrier, trackingNumber, body, status = 200) {
      custom[carrier].set(trackingNumber, { status, body: carrier === "fedex" && status === 200 ? fedexEntry(body) : JSON.stringify(body) });
    },
    reset() {
      requests.length = 0;
      counts = new Map();
      failures = [];
      tokens.clear();
      extraCredentials = [];
      custom = { dhl: new Map(), ups: new Map(), fedex: new Map(), usps: new Map() };
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}
