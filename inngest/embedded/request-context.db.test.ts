import { afterAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { inngest } from "@/lib/events/client";
import { defineEvent, sendEvent } from "@/lib/events/events";
import { publicBaseUrl, withRequestOrigin } from "@/lib/http/public-address";
import { createTestEngine, type TestEngine } from "@/testing/inngest";
import { setupTestDatabase } from "@/testing/setup-test-database";

const database = setupTestDatabase();
const linkAsked = defineEvent("test-context/link.asked", z.object({ n: z.number() }));
const seen: string[] = [];
const writesLink = inngest.createFunction({ id: "test-context-writes-link", triggers: [linkAsked] }, async ({ step }) => {
  seen.push(await step.run("link", async () => publicBaseUrl()));
});
let jobs: TestEngine | undefined;
afterAll(() => jobs?.stop());

describe("work the runner starts while a request is answered", () => {
  it("never sees that request's address: it is not the request's own work", async () => {
    jobs = await createTestEngine({ db: database.db, functions: [writesLink] });
    await withRequestOrigin("http://caller.example:4123", async () => {
      await sendEvent(linkAsked, { n: 1 });
      await jobs!.drain();
    });
    await jobs.drain();
    expect(seen).toHaveLength(1);
    expect(seen[0]).not.toContain("caller.example");
  });
});
