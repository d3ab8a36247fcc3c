import http from "node:http";
import https from "node:https";
import { isIP } from "node:net";
import { socketHost } from "./assert-webhook-url";
import { isPrivateAddress } from "./private-address";
import { PrivateAddressError, publicOnlyLookup } from "./public-only-lookup";

/** The first bytes of an answer kept in the attempt log. */
export const RESPONSE_SNIPPET_BYTES = 1024;
// Answers up to this size are read to the end so the connection can be reused; longer ones are cut.
const DRAIN_LIMIT_BYTES = 64 * 1024;

export interface WebhookRequest {
  url: string;
  body: string;
  headers: Record<string, string>;
  timeoutMs: number;
  allowPrivate: boolean;
}

export interface WebhookResponse {
  /** Any 2xx. Redirects are not followed, so a 3xx is a failure. */
  ok: boolean;
  statusCode: number | null;
  latencyMs: number;
  responseBody: string | null;
  error: string | null;
}

// Keep-alive: a busy receiver gets many deliveries a second over a few connections.
const agents = { "http:": new http.Agent({ keepAlive: true }), "https:": new https.Agent({ keepAlive: true }) };

/**
 * POSTs a webhook body once. Never throws: refusals, network errors and timeouts come back as the
 * attempt's `error`. Without WEBHOOK_ALLOW_PRIVATE, the socket resolves the host itself and refuses
 * private addresses, so the address checked is the address connected to.
 */
export function postWebhook(request: WebhookRequest): Promise<WebhookResponse> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const url = new URL(request.url);
  const host = socketHost(url);
  if (!request.allowPrivate && isIP(host) && isPrivateAddress(host)) {
    return Promise.resolve({ ok: false, statusCode: null, latencyMs: 0, responseBody: null, error: new PrivateAddressError(host, host).message });
  }
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: Omit<WebhookResponse, "latencyMs" | "ok">) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      const ok = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
      resolve({ ...result, ok, latencyMs: elapsed() });
    };
    const outgoing = client.request(url, {
      method: "POST",
      agent: agents[url.protocol as keyof typeof agents],
      headers: { ...request.headers, "content-length": Buffer.byteLength(request.body).toString() },
      ...(request.allowPrivate ? {} : { lookup: publicOnlyLookup }),
    });
    const timer = setTimeout(() => {
      outgoing.destroy();
      finish({ statusCode: null, responseBody: null, error: `No answer within ${request.timeoutMs} ms` });
    }, request.timeoutMs);
    outgoing.on("error", (error) => finish({ statusCode: null, responseBody: null, error: error.message }));
    outgoing.on("response", (response) => {
      const chunks: Buffer[] = [];
      let received = 0;
      const statusCode = response.statusCode ?? null;
      const done = () => {
        const snippet = Buffer.concat(chunks).subarray(0, RESPONSE_SNIPPET_BYTES).toString("utf8");
        const location = response.headers.location;
        const error =
          statusCode !== null && statusCode >= 300 && statusCode < 400 ? `Redirects are not followed${location ? ` (Location: ${location})` : ""}` : null;
        finish({ statusCode, responseBody: snippet || null, error });
      };
      response.on("data", (chunk: Buffer) => {
        if (received < RESPONSE_SNIPPET_BYTES) chunks.push(chunk);
        received += chunk.length;
        if (received > DRAIN_LIMIT_BYTES) {
          response.destroy();
          done();
        }
      });
      response.on("end", done);
      response.on("error", done);
    });
    outgoing.end(request.body);
  });
}
