import { createHash } from "node:crypto";
import { z } from "zod";
import type { NewJobEvent } from "@/db/schema";
import { newId } from "@/lib/ids";

const incomingEventSchema = z.looseObject({
  name: z.string().min(1),
  data: z.record(z.string(), z.unknown()).optional(),
  id: z.string().min(1).optional(),
  ts: z.number().optional(),
  user: z.record(z.string(), z.unknown()).optional(),
  v: z.string().optional(),
});

/** An event as the SDK posts it to `/e/<key>`. */
export type IncomingEvent = z.input<typeof incomingEventSchema>;

/**
 * Gives each event the id functions will see: the sender's, else one derived from the SDK's
 * per-send seed (so the SDK's own retry of a send is stored once), else a fresh one.
 */
export function toStoredEvents(events: readonly IncomingEvent[], now: number, seed?: string): NewJobEvent[] {
  return events.map((raw, index) => {
    const event = incomingEventSchema.parse(raw);
    const id = event.id ?? (seed ? createHash("sha256").update(`${seed}:${index}`).digest("hex").slice(0, 32) : newId());
    const payload = {
      id,
      name: event.name,
      data: event.data ?? {},
      ts: event.ts ?? now,
      ...(event.user ? { user: event.user } : {}),
      ...(event.v ? { v: event.v } : {}),
    };
    return { id, name: event.name, payload, receivedAt: new Date(now) };
  });
}
