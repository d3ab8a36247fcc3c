import { getDb } from "@/db/client";
import { listOrganizations } from "@/lib/accounts/list-organizations";
import { evaluateAttention } from "@/lib/attention/evaluate-attention";
import { inngest } from "@/lib/events/client";
import { trackingAttentionFlagged } from "@/lib/events/events";

/**
 * Every hour, each organisation's undelivered shipments are checked against the needs-attention rules
 * (lib/trackings/attention); each that newly needs attention is announced for the opted-in webhooks.
 */
export const evaluateAttentionHourly = inngest.createFunction(
  { id: "evaluate-attention", priority: { run: "-60" }, triggers: [{ cron: "5 * * * *" }] },
  async ({ step }) => {
    const organizations = await step.run("list-organizations", async () => (await listOrganizations(await getDb())).map((organization) => organization.id));
    let flagged = 0;
    for (const organizationId of organizations) {
      const newly = await step.run(`evaluate-${organizationId}`, async () => evaluateAttention(await getDb(), organizationId, new Date()));
      flagged += newly.length;
      if (newly.length) {
        await step.sendEvent(
          `announce-${organizationId}`,
          newly.map((entry) => trackingAttentionFlagged.create({ organizationId, trackingId: entry.trackingId, flags: entry.flags, changeId: entry.changeId })),
        );
      }
    }
    return { organizations: organizations.length, flagged };
  },
);
