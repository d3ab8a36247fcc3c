import { getDb } from "@/db/client";
import { inngest } from "@/lib/events/client";
import { pruneChanges } from "@/lib/trackings/changes/prune-changes";

/** Daily: the record of changes keeps what each organisation's retention allows (by default, everything). */
export const pruneChangesDaily = inngest.createFunction(
  { id: "prune-changes", priority: { run: "-120" }, triggers: [{ cron: "17 3 * * *" }] },
  async ({ step }) => {
    const pruned = await step.run("prune", async () => pruneChanges(await getDb(), new Date()));
    return { pruned };
  },
);
