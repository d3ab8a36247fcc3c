import { getDb } from "@/db/client";
import { inngest } from "@/lib/events/client";
import { klaviyoSendRequested } from "@/lib/events/events";
import { organizationsWithKlaviyoBacklog } from "@/lib/notifications/klaviyo/klaviyo-backlogs";
import { sendKlaviyoBacklog } from "@/lib/notifications/klaviyo/send-klaviyo-backlog";

/** A 429's wait this run sleeps through; a longer one is left to the minute's sweep. */
const LONGEST_WAIT_MS = 5 * 60_000;
const MAX_ROUNDS = 20;

/**
 * Sends an organisation's changes to Klaviyo from its cursor (one run per organisation at a time;
 * the lease in the row guards across instances). When Klaviyo answers 429 the run sleeps for its
 * Retry-After and goes on: nothing is dropped.
 */
export const sendToKlaviyo = inngest.createFunction(
  { id: "send-to-klaviyo", concurrency: { limit: 1, key: "event.data.organizationId" }, triggers: [klaviyoSendRequested] },
  async ({ event, step }) => {
    const { organizationId } = event.data;
    let sent = 0;
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const result = await step.run(`send-${round}`, async () => sendKlaviyoBacklog(await getDb(), organizationId, () => new Date()));
      sent += result.sent;
      if (result.outcome !== "paused") return { sent, outcome: result.outcome };
      const until = new Date(result.until);
      if (until.getTime() - Date.now() > LONGEST_WAIT_MS) return { sent, outcome: "paused" };
      await step.sleepUntil(`wait-${round}`, until);
    }
    return { sent, outcome: "more" };
  },
);

/** Every minute: each organisation with changes Klaviyo has not had gets a send. */
export const sweepKlaviyo = inngest.createFunction({ id: "sweep-klaviyo", priority: { run: "-60" }, triggers: [{ cron: "* * * * *" }] }, async ({ step }) => {
  const organizations = await step.run("find-backlogs", async () => organizationsWithKlaviyoBacklog(await getDb(), new Date()));
  if (organizations.length) {
    await step.sendEvent(
      "request-sends",
      organizations.map((organizationId) => klaviyoSendRequested.create({ organizationId })),
    );
  }
  return { organizations: organizations.length };
});
