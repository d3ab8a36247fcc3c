import { sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { rowsOf } from "@/db/rows-of";
import { klaviyoSendRequested, sendNudges, storableEvent } from "@/lib/events/events";

/** Organisations whose Klaviyo has changes still to be sent and nothing saying to wait. */
export async function organizationsWithKlaviyoBacklog(db: Executor, now: Date): Promise<string[]> {
  const result = await db.execute(sql`
    select k.organization_id from klaviyo_integrations k
    join change_positions p on p.organization_id = k.organization_id
    where k.cursor < p.last_position and k.status <> 'key_refused'
      and (k.paused_until is null or k.paused_until < ${now.toISOString()}::timestamptz)`);
  return rowsOf<{ organization_id: string }>(result).map((row) => row.organization_id);
}

/** Asks for a send now; if the nudge is lost, the minute's sweep finds the backlog. */
export async function requestKlaviyoSend(organizationId: string): Promise<void> {
  await sendNudges([storableEvent(klaviyoSendRequested, { organizationId })]);
}
