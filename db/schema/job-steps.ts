import { integer, jsonb, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { tz } from "./_columns";
import { jobRuns } from "./job-runs";

/** What the SDK is given back for a finished step: its output, or its final error. */
export type MemoisedStep = { type: "data"; data: unknown } | { type: "error"; error: unknown };

/** Finished steps of a run, in the order they finished: the SDK replays the run from these. */
export const jobSteps = pgTable(
  "job_steps",
  {
    runId: text("run_id")
      .notNull()
      .references(() => jobRuns.id, { onDelete: "cascade" }),
    /** The SDK's hashed step id. */
    stepId: text("step_id").notNull(),
    /** The id the function gave the step, for people reading the table. */
    name: text("name"),
    position: integer("position").notNull(),
    result: jsonb("result").$type<MemoisedStep>().notNull(),
    completedAt: tz("completed_at").notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.runId, table.stepId] })],
);

export type JobStep = typeof jobSteps.$inferSelect;
