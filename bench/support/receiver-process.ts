// A webhook receiver in a process of its own, so the CPU a bench counts is the sender's alone:
// a node:http server answering 200 that reports each webhook's `msg.id` and arrival time back
// over IPC, a batch every 20 ms.
import { spawn } from "node:child_process";

const RECEIVER = `
const http = require("node:http");
let pending = [];
setInterval(() => { if (pending.length) { process.send(pending); pending = []; } }, 20).unref();
const server = http.createServer((request, response) => {
  const chunks = [];
  request.on("data", (chunk) => chunks.push(chunk));
  request.on("end", () => {
    const at = Date.now();
    pending.push([JSON.parse(Buffer.concat(chunks).toString("utf8")).msg.id, at]);
    response.writeHead(200, { "content-type": "text/plain" });
    response.end("ok");
  });
});
server.listen(0, "127.0.0.1", () => process.send({ port: server.address().port }));
process.on("disconnect", () => process.exit(0));
`;

export interface ReceiverProcess {
  url: string;
  /** Each tracking's webhooks' arrival times (ms since the epoch), in order. */
  arrivals: Map<string, number[]>;
  arrived(): number;
  reset(): void;
  close(): Promise<void>;
}

export async function startReceiverProcess(): Promise<ReceiverProcess> {
  const child = spawn(process.execPath, ["-e", RECEIVER], { stdio: ["ignore", "inherit", "inherit", "ipc"] });
  const arrivals = new Map<string, number[]>();
  let arrived = 0;
  const port = await new Promise<number>((resolve, reject) => {
    child.once("error", reject);
    child.on("message", (message: { port: number } | [string, number][]) => {
      if (!Array.isArray(message)) return resolve(message.port);
      for (const [id, at] of message) {
        arrived++;
        arrivals.set(id, [...(arrivals.get(id) ?? []), at]);
      }
    });
  });
  return {
    url: `http://127.0.0.1:${port}/webhooks`,
    arrivals,
    arrived: () => arrived,
    reset: () => {
      arrived = 0;
      arrivals.clear();
    },
    close: async () => {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill();
      await exited;
    },
  };
}
