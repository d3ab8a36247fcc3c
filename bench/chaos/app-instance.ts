import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { serverNodeFlags } from "../../scripts/process-settings.mjs";

/** One `next start` of the production build, which can be killed without warning and started again on its port. */
export class AppInstance {
  readonly url: string;
  private child: ChildProcess | undefined;
  private output = "";
  private readonly dataDir = mkdtempSync(path.join(os.tmpdir(), "waybill-chaos-"));

  constructor(
    readonly name: string,
    private readonly port: number,
    private readonly env: Record<string, string>,
  ) {
    this.url = `http://127.0.0.1:${port}`;
  }

  /** Starts the server; resolves once it answers HTTP, with what it printed so far. */
  async start(): Promise<string> {
    this.output = "";
    const child = spawn(process.execPath, [...serverNodeFlags(), "node_modules/next/dist/bin/next", "start", "-p", String(this.port), "-H", "127.0.0.1"], {
      env: { ...process.env, NODE_ENV: "production", WAYBILL_DATA_DIR: this.dataDir, ...this.env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    this.child = child;
    child.stdout!.on("data", (chunk: Buffer) => (this.output += chunk.toString()));
    child.stderr!.on("data", (chunk: Buffer) => (this.output += chunk.toString()));
    const deadline = Date.now() + 120_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`${this.name} exited (${child.exitCode}):\n${this.output}`);
      const up = await fetch(`${this.url}/v4/couriers`).then(
        () => true,
        () => false,
      );
      if (up) return this.output;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(`${this.name} did not answer within 120 s:\n${this.output}`);
  }

  /** SIGKILL: no shutdown hook runs, in-flight requests and jobs die with it. */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGKILL");
    await exited;
  }

  printed(): string {
    return this.output;
  }
}
