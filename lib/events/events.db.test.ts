import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { Executor } from "@/db/client";
import { jobEvents } from "@/db/schema";
import { setupTestDatabase } from "@/testing/setup-test-database";
import { defineEvent, sendEvent } from "./events";
import { recordFollowUp, sendFollowUps } from "./follow-ups";
import { eventsSent } from "@/testing/inngest";

const database = setupTestDatabase();

const labelPrinted = defineEvent("test-label/printed", z.object({ trackingId: z.string() }));

const storedIds = async (db: Executor = database.db) => (await db.select().from(jobEvents)).map((event) => event.payload.data.trackingId);

describe("events recorded in a transaction", () => {
  it("are sent once the transaction has committed, and none when it rolls back", async () => {
    const committed = await database.db.transaction(async (tx) => {
      const id = await recordFollowUp(tx, "org-events", labelPrinted, { trackingId: "committed" });
      expect(await storedIds(tx)).toEqual([]);
      return id;
    });
    await sendFollowUps(database.db, [committed]);
    await expect(
      database.db.transaction(async (tx) => {
        await recordFollowUp(tx, "org-events", labelPrinted, { trackingId: "rolled-back" });
        throw new Error("validation failed later");
      }),
    ).rejects.toThrow("validation failed later");
    expect(await storedIds()).toEqual(["committed"]);
  });
});

describe("sendEvent without a running engine", () => {
  it("stores the event for the runner, with the data functions will see", async () => {
    const id = await sendEvent(labelPrinted, { trackingId: "stored" }, { id: "label-stored" });
    expect(id).toBe("label-stored");
    expect(await eventsSent(database.db, "test-label/printed")).toContainEqual(
      expect.objectContaining({ id: "label-stored", name: "test-label/printed", data: { trackingId: "stored" }, ts: expect.any(Number) }),
    );
  });
});
