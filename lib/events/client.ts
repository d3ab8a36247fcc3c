import { Inngest } from "inngest";
import { runnerLogger } from "@/lib/observability/log";
import { jobsMode } from "./mode";

type Transport = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;

// On globalThis: Next.js may load this module once per bundle, but the process has one transport.
const slot = globalThis as unknown as { __waybillEventTransport?: Transport };

/**
 * Hands the embedded client the transport its sends go through (the in-process runner's, from
 * inngest/embedded): whoever starts the process (the server's start, the operator CLI, the test
 * setup, a bench) hands it over, so this port never imports the runner.
 */
export function handEmbeddedTransport(transport: Transport): void {
  slot.__waybillEventTransport = transport;
}

function embeddedTransport(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const transport = slot.__waybillEventTransport;
  if (!transport) throw new Error("Embedded jobs mode: no event transport was handed over (handEmbeddedTransport) before the first send.");
  return transport(input, init);
}

/**
 * The one Inngest client. With an Inngest server it reads INNGEST_EVENT_KEY, INNGEST_SIGNING_KEY
 * and INNGEST_BASE_URL itself; embedded, it is a dev-mode client whose sends go through the
 * transport handed to it (database inserts) and which makes no other network call.
 */
export const inngest = new Inngest({
  id: "waybill",
  logger: runnerLogger,
  ...(jobsMode === "embedded" ? { isDev: true, fetch: embeddedTransport } : {}),
});
