import http, { type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

export interface ReceivedWebhook {
  method: string;
  /** Path and query string. */
  path: string;
  headers: IncomingHttpHeaders;
  /** The body exactly as it arrived. */
  rawBody: string;
  receivedAt: number;
}

/** How the receiver answers its `index`-th request (0-based): a status and body, or no answer at all. */
export type ReceiverAnswer = (request: ReceivedWebhook, index: number) => { status: number; body?: string; headers?: Record<string, string> } | "hang";

export interface WebhookReceiver {
  url: string;
  received: ReceivedWebhook[];
  close(): Promise<void>;
}

/** A real node:http webhook receiver on 127.0.0.1 for tests and benchmarks (and a fake HTTP provider); records every request. */
export async function startWebhookReceiver(answer: ReceiverAnswer = () => ({ status: 200, body: "ok" })): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const webhook: ReceivedWebhook = {
        method: request.method ?? "",
        path: request.url ?? "",
        headers: request.headers,
        rawBody: Buffer.concat(chunks).toString("utf8"),
        receivedAt: Date.now(),
      };
      const index = received.push(webhook) - 1;
      const reply = answer(webhook, index);
      if (reply === "hang") return;
      response.writeHead(reply.status, { "content-type": "text/plain", ...reply.headers });
      response.end(reply.body ?? "");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhooks`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
