import type { IncomingEvent } from "./incoming-events";

/** What `inngest.send()` needs from a running engine. */
export interface EventSink {
  send(events: IncomingEvent[], seed?: string): Promise<string[]>;
}

// On globalThis: Next.js may load this module once per bundle, but a process has one engine.
const slot = globalThis as unknown as { __waybillEventSink?: EventSink };

export function setActiveEngine(sink: EventSink): void {
  slot.__waybillEventSink = sink;
}

export function clearActiveEngine(sink: EventSink): void {
  if (slot.__waybillEventSink === sink) slot.__waybillEventSink = undefined;
}

export function activeEngine(): EventSink | undefined {
  return slot.__waybillEventSink;
}
