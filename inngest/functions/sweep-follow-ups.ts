import { getDb } from "@/db/client";
import { sweepFollowUps } from "@/lib/events/follow-ups";
import { inngest } from "@/lib/events/client";

/** Every minute: sends the follow-ups that verbs recorded but did not get to send (lib/trackings/follow-ups.ts). */
export const sweepFollowUpsFunction = inngest.createFunction(
  { id: "sweep-follow-ups", priority: { run: "600" }, triggers: [{ cron: "* * * * *" }] },
  async ({ step }) => {
    const sent = await step.run("send-overdue-follow-ups", async () => sweepFollowUps(await getDb(), new Date()));
    return { sent };
  },
);
