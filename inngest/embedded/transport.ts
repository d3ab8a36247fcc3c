import { headerKeys } from "inngest";
import { getDb } from "@/db/client";
import { activeEngine } from "./active-engine";
import { type IncomingEvent, toStoredEvents } from "./incoming-events";
import { insertEvents } from "./store";

/**
 * The embedded client's `fetch`: an event send (`POST /e/<key>`) goes to this process's engine, or
 * is stored for the next one to start; any other call would need an Inngest server, so it throws.
 */
export async function embeddedFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const request = new Request(input, init);
  const url = new URL(request.url);
  if (request.method !== "POST" || !url.pathname.startsWith("/e/")) {
    throw new Error(
      `Embedded jobs mode makes no network calls, but the Inngest SDK tried ${request.method} ${url.origin}${url.pathname}. Set JOBS_MODE=inngest and the INNGEST_* variables to use an Inngest server.`,
    );
  }
  const body: unknown = await request.json();
  const events = (Array.isArray(body) ? body : [body]) as IncomingEvent[];
  const seed = request.headers.get(headerKeys.EventIdSeed) ?? undefined;
  const ids = await acceptEvents(events, seed);
  return Response.json({ ids, status: 200 });
}

async function acceptEvents(events: IncomingEvent[], seed: string | undefined): Promise<string[]> {
  const engine = activeEngine();
  if (engine) return engine.send(events, seed);
  // No runner in this process (a script, a test): store the events; a runner dispatches them when it starts.
  const stored = toStoredEvents(events, Date.now(), seed);
  await insertEvents(await getDb(), stored);
  return stored.map((event) => event.id);
}
