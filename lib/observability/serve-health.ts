import { getDb } from "@/db/client";
import { readiness } from "./readiness";

type WorkerState = "ok" | "stopped" | "external";

// On globalThis: the start hands the probe over once; every Next.js bundle reads it.
const slot = globalThis as unknown as { __waybillWorkerProbe?: () => WorkerState };

/** The start says how to tell whether the job worker runs (this layer knows no runner). */
export function handWorkerProbe(probe: () => WorkerState): void {
  slot.__waybillWorkerProbe = probe;
}

const NO_STORE = { "cache-control": "no-store" };

/** `GET /healthz`: the process answers. */
export function serveHealth(): Response {
  return Response.json({ status: "ok" }, { headers: NO_STORE });
}

/** `GET /readyz`: 200 when the database answers, migrations are applied and the job worker runs; 503 with what is wrong otherwise. */
export async function serveReadiness(): Promise<Response> {
  const state = await readiness(getDb, slot.__waybillWorkerProbe ?? (() => "stopped"));
  return Response.json({ status: state.ready ? "ready" : "not ready", checks: state.checks }, { status: state.ready ? 200 : 503, headers: NO_STORE });
}
