import type { Server } from "node:http";
import type { AddressInfo } from "node:net";

/** Starts a fake's server on a free port of 127.0.0.1 (or the one given): its base URL, and how to stop it. */
export async function listenOnLoopback(server: Server, requestedPort = 0): Promise<{ url: string; close: () => Promise<void> }> {
  await new Promise<void>((resolve) => server.listen(requestedPort, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
