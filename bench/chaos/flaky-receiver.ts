import http from "node:http";
import type { AddressInfo } from "node:net";

export interface FlakyReceiver {
  url: string;
  /** Every webhook answered 2xx, by its event_id: how many times each arrived. */
  received: Map<string, number>;
  refused(): number;
  close(): Promise<void>;
}

/** A webhook receiver that refuses some deliveries (500) and answers others slowly; it dedupes on `event_id`. */
export async function startFlakyReceiver(options: { failShare: number; slowShare: number; slowMs: number }): Promise<FlakyReceiver> {
  const received = new Map<string, number>();
  let refused = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const roll = Math.random();
      if (roll < options.failShare) {
        refused++;
        res.writeHead(500).end("not now");
        return;
      }
      const answer = () => {
        const { event_id: eventId } = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { event_id: string };
        received.set(eventId, (received.get(eventId) ?? 0) + 1);
        res.writeHead(200).end("ok");
      };
      if (roll < options.failShare + options.slowShare) setTimeout(answer, options.slowMs);
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhooks`,
    received,
    refused: () => refused,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
