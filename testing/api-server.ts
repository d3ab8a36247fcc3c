import http from "node:http";
import { listenOnLoopback } from "./carriers/listen-on-loopback";
import { routeApiRequest } from "./api-client";

export interface ApiServer {
  url: string;
  /** Requests answered, by status. */
  statuses: number[];
  close(): Promise<void>;
}

/** Waybill's public API on a real local port (the route handlers behind node:http): a second Waybill for an import to read. */
export async function startApiServer(): Promise<ApiServer> {
  const statuses: number[] = [];
  const server = http.createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
    incoming.on("end", async () => {
      const headers = new Headers();
      for (const [name, value] of Object.entries(incoming.headers)) if (typeof value === "string") headers.set(name, value);
      const body = chunks.length ? Buffer.concat(chunks) : undefined;
      const response = await routeApiRequest(new Request(`http://waybill.test${incoming.url}`, { method: incoming.method, headers, body }));
      statuses.push(response.status);
      outgoing.writeHead(response.status, Object.fromEntries(response.headers.entries()));
      outgoing.end(Buffer.from(await response.arrayBuffer()));
    });
  });
  return { ...(await listenOnLoopback(server)), statuses };
}
