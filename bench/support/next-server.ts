// What the HTTP benchmarks share: the Next.js build served in scale mode against a bench database,
// a stand-in for Inngest's event API, and autocannon runs summed up.
import { spawn, type ChildProcess } from "node:child_process";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import autocannon from "autocannon";
import { resetEncryptionKeyForTests } from "@/lib/connections/encryption-key";
import { resetEnvForTests } from "@/lib/env";
import { serverNodeFlags } from "../../scripts/process-settings.mjs";

// Instances sharing a database need one key (lib/scale-mode-settings.ts): a fixed one serves the bench.
export const BENCH_ENCRYPTION_KEY = Buffer.alloc(32, 7).toString("base64");

/** Page tokens are signed with the server's key: a bench that makes them takes the key it gives the server. */
export function signWithBenchKey(): void {
  process.env.WAYBILL_ENCRYPTION_KEY = BENCH_ENCRYPTION_KEY;
  resetEnvForTests();
  resetEncryptionKeyForTests();
}

/** Inngest's event API as the app sees it (`POST /e/<key>` → ids); counts what it accepts. */
export async function startEventApiStandIn(): Promise<{ server: Server; url: string; received: () => { events: number; sends: number } }> {
  let received = 0;
  let sends = 0;
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk));
    req.on("end", () => {
      const events = JSON.parse(body || "[]") as unknown[];
      const count = Array.isArray(events) ? events.length : 1;
      received += count;
      sends += 1;
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ ids: Array.from({ length: count }, (_, i) => `${received}-${i}`), status: 200 }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received: () => ({ events: received, sends }) };
}

export type JobsSetting = { mode: "embedded" } | { mode: "inngest"; eventApiUrl: string };

/** The production (or bench) build in scale mode on `url`, with the Node flags `npm start` gives it, answering at `port` once `/readyz` does. */
export async function startServer(
  url: string,
  port: number,
  { rateLimitStore = "memory", jobs, env = {} }: { rateLimitStore?: string; jobs: JobsSetting; env?: Record<string, string> },
): Promise<ChildProcess> {
  const jobsEnv =
    jobs.mode === "embedded"
      ? { JOBS_MODE: "embedded" }
      : { JOBS_MODE: "inngest", INNGEST_BASE_URL: jobs.eventApiUrl, INNGEST_EVENT_KEY: "bench", INNGEST_SIGNING_KEY: `signkey-test-${"0".repeat(64)}` };
  const server = spawn(process.execPath, [...serverNodeFlags(), "node_modules/next/dist/bin/next", "start", "-p", String(port), "-H", "127.0.0.1"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      DATABASE_URL: url,
      WAYBILL_ENCRYPTION_KEY: BENCH_ENCRYPTION_KEY,
      NEXTAUTH_SECRET: "bench-nextauth-secret",
      RATE_LIMIT_STORE: rateLimitStore,
      ...jobsEnv,
      ...env,
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  for (let attempt = 0; attempt < 120; attempt++) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/readyz`);
      if (res.ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error("server did not start");
}

export interface Measured {
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
}

export async function load(options: autocannon.Options): Promise<Measured> {
  const result = await autocannon({ ...options, workers: 0 });
  const non2xx = result.non2xx + result.errors;
  return { perSecond: result.requests.average, p50Ms: result.latency.p50, p99Ms: result.latency.p99, errors: non2xx };
}

/** Several runs as one: requests per second over their whole time, latencies of the worst run. */
export function combined(runs: Measured[]): Measured {
  return {
    perSecond: runs.reduce((sum, run) => sum + run.perSecond, 0) / runs.length,
    p50Ms: Math.max(...runs.map((run) => run.p50Ms)),
    p99Ms: Math.max(...runs.map((run) => run.p99Ms)),
    errors: runs.reduce((sum, run) => sum + run.errors, 0),
  };
}

/** The `p`th percentile of values sorted ascending. */
export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** One client alone asking `url` `count` times in a row: each answer's latency in ms, sorted ascending. */
export async function singleClientLatencies(url: string, headers: Record<string, string>, count = 300): Promise<number[]> {
  const latencies: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    await (await fetch(url, { headers })).arrayBuffer();
    latencies.push(performance.now() - started);
  }
  return latencies.sort((a, b) => a - b);
}

/**
 * Keeps `clients` clients asking `url` at `perSecond` requests a second in all, spread evenly over
 * time (client i starts i/perSecond seconds after the first, and each asks every clients/perSecond
 * seconds), until stopped. autocannon's `overallRate` is a quota per second, sent at full speed from
 * the start of each second: a burst, then silence, not a steady load.
 */
function pacedLoad(url: string, headers: Record<string, string>, clients: number, perSecond: number): { stop(): Promise<void> } {
  let running = true;
  const intervalMs = (1000 * clients) / perSecond;
  const started = performance.now();
  const client = async (index: number) => {
    for (let next = started + (index * 1000) / perSecond; running; next += intervalMs) {
      const wait = next - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      // A client that fell behind starts its next request at once, but never catches up in a burst.
      else next = performance.now();
      if (running) await (await fetch(url, { headers })).arrayBuffer();
    }
  };
  const all = Promise.all(Array.from({ length: clients }, (_, index) => client(index)));
  return {
    stop: async () => {
      running = false;
      await all;
    },
  };
}

/**
 * One client's latencies (as singleClientLatencies) while `others` clients ask the same URL: at
 * `perSecond` requests a second in all, spread evenly, or without a rate as fast as they can
 * (autocannon). What a merchant's list costs while others use the same server.
 */
export async function singleClientLatenciesUnder(
  url: string,
  headers: Record<string, string>,
  others: { clients: number; perSecond?: number },
): Promise<number[]> {
  let stopOthers: () => Promise<void>;
  if (others.perSecond) stopOthers = pacedLoad(url, headers, others.clients, others.perSecond).stop;
  else {
    let finished!: () => void;
    const stopped = new Promise<void>((resolve) => (finished = resolve));
    const load = autocannon({ url, headers, connections: others.clients, duration: 3_600, workers: 0 }, () => finished());
    stopOthers = () => {
      load.stop();
      return stopped;
    };
  }
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  try {
    return await singleClientLatencies(url, headers);
  } finally {
    await stopOthers();
  }
}
