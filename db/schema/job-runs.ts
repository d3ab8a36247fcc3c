import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { tz } from "./_columns";
import type { JobEventPayload } from "./job-events";

export type JobRunStatus = "queued" | "sleeping" | "retrying" | "completed" | "failed";

/** A step requested on its own that failed and waits for its next attempt. */
export interface JobStepRetry {
  attempt: number;
  /** Epoch milliseconds before which the step is not run again. */
  at: number;
}

/** A pending `step.sleep`: when it ends, and the id the function gave it. */
export interface JobSleep {
  at: number;
  name: string | null;
}

/** One execution of a background function by the embedded runner, and where it stands. */
export const jobRuns = pgTable(
  "job_runs",
  {
    id: text("id").primaryKey(),
    /** The SDK's id: the app id and the function id, e.g. `waybill-poll-carriers`. */
    functionId: text("function_id").notNull(),
    eventId: text("event_id").notNull(),
    event: jsonb("event").$type<JobEventPayload>().notNull(),
    status: text("status").$type<JobRunStatus>().notNull(),
    /** Attempt of the next request that is not aimed at one step; back to 0 whenever a step ends. */
    attempt: integer("attempt").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull(),
    /** Attempts of steps run one by one (parallel steps), keyed by hashed step id. */
    stepRetries: jsonb("step_retries").$type<Record<string, JobStepRetry>>().notNull().default({}),
    /** Pending sleeps by hashed step id; `at` is in epoch milliseconds. */
    sleeps: jsonb("sleeps").$type<Record<string, JobSleep>>().notNull().default({}),
    /** Set once the run showed parallel steps: from then on each step is requested on its own. */
    disableImmediateExecution: boolean("disable_immediate_execution").notNull().default(false),
    concurrencyKey: text("concurrency_key"),
    /** When the run next needs the runner; null once it has ended. */
    wakeAt: tz("wake_at"),
    output: jsonb("output"),
    error: jsonb("error"),
    /** Bumped on every save, so a runner that lost the run cannot overwrite a newer state. */
    version: integer("version").notNull().default(0),
    createdAt: tz("created_at").notNull().defaultNow(),
    updatedAt: tz("updated_at").notNull().defaultNow(),
    endedAt: tz("ended_at"),
  },
  (table) => [
    // One run per function and event: dispatching an event twice (or a cron slot from two instances) is a no-op.
    uniqueIndex("job_runs_function_event_idx").on(table.functionId, table.eventId),
    // Recovery looks for runs whose wake-up is overdue.
    index("job_runs_wake_idx")
      .on(table.wakeAt)
      .where(sql`${table.wakeAt} is not null`),
    index("job_runs_function_created_idx").on(table.functionId, table.createdAt),
    // Retention deletes ended runs by age.
    index("job_runs_ended_idx")
      .on(table.endedAt)
      .where(sql`${table.endedAt} is not null`),
  ],
);

export type JobRun = typeof jobRuns.$inferSelect;
export type NewJobRun = typeof jobRuns.$inferInsert;
