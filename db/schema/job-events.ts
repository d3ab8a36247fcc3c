import { sql } from "drizzle-orm";
import { index, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { tz } from "./_columns";

/** An event as background functions receive it (`event` in a handler). */
export interface JobEventPayload {
  id: string;
  name: string;
  data: Record<string, unknown>;
  ts: number;
  user?: Record<string, unknown>;
  v?: string;
}

/** Events the embedded job runner has accepted: the durable half of `inngest.send()`. */
export const jobEvents = pgTable(
  "job_events",
  {
    /** The sender's own id when it gave one, so a repeated send is accepted once. */
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    payload: jsonb("payload").$type<JobEventPayload>().notNull(),
    /** Cron slots and failure notices are meant for one function, not for every matching trigger. */
    targetFunctionId: text("target_function_id"),
    receivedAt: tz("received_at").notNull().defaultNow(),
    /** Null until runs exist for every function the event triggers. */
    dispatchedAt: tz("dispatched_at"),
  },
  (table) => [
    // The runner picks up events that were stored while no runner was attached.
    index("job_events_pending_idx")
      .on(table.receivedAt)
      .where(sql`${table.dispatchedAt} is null`),
    // Retention deletes dispatched events by age.
    index("job_events_received_idx").on(table.receivedAt),
  ],
);

export type JobEvent = typeof jobEvents.$inferSelect;
export type NewJobEvent = typeof jobEvents.$inferInsert;
