import http from "node:http";
import { listenOnLoopback } from "@/testing/carriers/listen-on-loopback";

/**
 * A local stand-in for Klaviyo's REST API, written from its documentation: private keys in
 * `Authorization: Klaviyo-API-Key <key>`, a `revision` header on every call, JSON:API bodies, Create
 * Event (POST /api/events, 202, one event per `unique_id`), Get Accounts (GET /api/accounts/) to test
 * a key, JSON:API errors (401 not_authenticated), and 429s carrying Retry-After.
 */

export interface ReceivedEvent {
  metric: string;
  uniqueId: string;
  time: string;
  profile: { email?: string; phone_number?: string };
  properties: Record<string, unknown>;
}

export interface FakeKlaviyo {
  url: string;
  key: string;
  /** Every event accepted, in order (a repeated unique id is accepted again but kept once, as Klaviyo does). */
  events: ReceivedEvent[];
  /** Every POST /api/events seen, accepted or not. */
  attempts: number;
  /** Every POST /api/events answered 202: more than `events.length` means something was sent twice. */
  accepted: number;
  /** The next `count` calls answer 429 with this Retry-After. */
  rateLimitNext(count: number, retryAfterSeconds: number): void;
  /** The key stops working, as when the merchant deletes it in Klaviyo. */
  revokeKey(): void;
  close(): Promise<void>;
}

const jsonApiError = (status: number, code: string, detail: string) => ({
  errors: [{ id: code, status, code, title: code, detail, source: { pointer: "/data/" } }],
});

export async function startFakeKlaviyo(options: { key?: string; port?: number } = {}): Promise<FakeKlaviyo> {
  const key = options.key ?? "pk_test_fake_key_0123456789";
  let validKey: string | null = key;
  let limited = 0;
  let retryAfter = 1;
  const events: ReceivedEvent[] = [];
  const seen = new Set<string>();
  const state = { attempts: 0, accepted: 0 };

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const answer = (status: number, body?: unknown, headers: Record<string, string> = {}) => {
        response.writeHead(status, { "content-type": "application/vnd.api+json", ...headers });
        response.end(body === undefined ? "" : JSON.stringify(body));
      };
      const url = new URL(request.url ?? "/", "http://klaviyo.test");
      if (url.pathname === "/api/events" && request.method === "POST") state.attempts++;
      if (!request.headers.revision) return answer(400, jsonApiError(400, "invalid", "The revision header is required."));
      const presented = /^Klaviyo-API-Key (\S+)$/.exec(request.headers.authorization ?? "")?.[1];
      if (!presented || presented !== validKey) {
        return answer(401, jsonApiError(401, "not_authenticated", "Authentication credentials were not provided or are invalid."));
      }
      if (limited > 0) {
        limited--;
        return answer(429, jsonApiError(429, "throttled", "Request was throttled."), { "retry-after": String(retryAfter) });
      }
      if (url.pathname === "/api/accounts/" && request.method === "GET") {
        return answer(200, { data: [{ type: "account", id: "XyZ123", attributes: { contact_information: { organization_name: "Fake shop" } } }] });
      }
      if (url.pathname === "/api/events" && request.method === "POST") {
        const body = JSON.parse(Buffer.concat(chunks).toString("utf8") || "null") as {
          data?: { type?: string; attributes?: Record<string, any> };
        } | null;
        const attributes = body?.data?.attributes;
        const metric = attributes?.metric?.data?.attributes?.name;
        const profile = attributes?.profile?.data?.attributes;
        if (body?.data?.type !== "event" || typeof metric !== "string" || !profile || (!profile.email && !profile.phone_number)) {
          return answer(400, jsonApiError(400, "invalid", "An event needs a metric name and a profile with an email or phone_number."));
        }
        const uniqueId = String(attributes?.unique_id ?? "");
        if (!seen.has(uniqueId) || !uniqueId) {
          seen.add(uniqueId);
          events.push({ metric, uniqueId, time: attributes?.time, profile, properties: attributes?.properties ?? {} });
        }
        state.accepted++;
        return answer(202);
      }
      return answer(404, jsonApiError(404, "not_found", "Not found."));
    });
  });
  const { url, close } = await listenOnLoopback(server, options.port);
  return {
    url,
    key,
    events,
    get attempts() {
      return state.attempts;
    },
    get accepted() {
      return state.accepted;
    },
    rateLimitNext(count, seconds) {
      limited = count;
      retryAfter = seconds;
    },
    revokeKey() {
      validKey = null;
    },
    close,
  };
}
