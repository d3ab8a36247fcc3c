import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { jobEvents } from "@/db/schema";
import { setupTestDatabase } from "@/testing/setup-test-database";
import { defineEvent, sendEvent } from "@/lib/events/events";
import { functions } from "@/inngest/functions";
import { startEmbeddedWorker, stopEmbeddedWorker } from "./worker";

const database = setupTestDatabase();

const pinged = defineEvent("worker-test/pinged", z.object({ n: z.number() }));

describe("startEmbeddedWorker", () => {
  it("starts one worker per process on the process's database, takes its events, and stops", { timeout: 60_000 }, async () => {
    const [first, second] = await Promise.all([startEmbeddedWorker({ functions }), startEmbeddedWorker({ functions })]);
    expect(second).toBe(first);

    const id = await sendEvent(pinged, { n: 1 });
    const [event] = await database.db.select().from(jobEvents).where(eq(jobEvents.id, id));
    expect(event?.dispatchedAt).toBeInstanceOf(Date);

    await stopEmbeddedWorker();
    const restarted = await startEmbeddedWorker({ functions });
    expect(restarted).not.toBe(first);
    await stopEmbeddedWorker();
  });
});
