import { chmodSync, existsSync, unlinkSync } from "node:fs";
import { createConnection } from "node:net";
import { createServer, request, type Server } from "node:http";
import path from "node:path";
import type { Database } from "@/db/client";
import { env } from "@/lib/env";
import { runCommandLine, type CommandResult } from "./commands";

/**
 * The embedded server's door for operator commands: a Unix socket in the data directory, owner-only,
 * since a PGlite directory admits one process and the CLI cannot open it while the server runs.
 * Nothing of it is reachable over the network.
 */
export function adminSocketPath(): string {
  return path.resolve(env().WAYBILL_DATA_DIR, "admin.sock");
}

const MAX_BODY_BYTES = 64 * 1024;

function listening(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createConnection(socketPath, () => {
      probe.end();
      resolve(true);
    });
    probe.on("error", () => resolve(false));
  });
}

export async function startAdminSocket(db: Database, socketPath = adminSocketPath()): Promise<Server> {
  // A socket file left by a process that died would refuse the listen.
  if (existsSync(socketPath) && !(await listening(socketPath))) unlinkSync(socketPath);
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) req.destroy();
      else chunks.push(chunk);
    });
    req.on("end", async () => {
      let result: CommandResult;
      try {
        const { argv } = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { argv: unknown };
        if (!Array.isArray(argv) || !argv.every((word) => typeof word === "string")) throw new Error("argv must be a list of strings");
        result = await runCommandLine(db, argv);
      } catch (error) {
        result = { exitCode: 2, output: `Malformed request: ${error instanceof Error ? error.message : String(error)}` };
      }
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(result));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(socketPath, () => resolve());
  });
  chmodSync(socketPath, 0o600);
  server.unref();
  return server;
}

/** Sends a command line to a running server; null when no server listens on the socket. */
export function sendToAdminSocket(argv: string[], socketPath = adminSocketPath()): Promise<CommandResult | null> {
  return new Promise((resolve, reject) => {
    const req = request({ socketPath, path: "/", method: "POST", agent: false, headers: { "content-type": "application/json" } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve(JSON.parse(Buffer.concat(chunks).toString("utf8")) as CommandResult));
    });
    req.on("error", (error: NodeJS.ErrnoException) => (error.code === "ENOENT" || error.code === "ECONNREFUSED" ? resolve(null) : reject(error)));
    req.end(JSON.stringify({ argv }));
  });
}
