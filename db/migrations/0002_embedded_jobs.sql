CREATE TABLE "job_events" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"payload" jsonb NOT NULL,
	"target_function_id" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"dispatched_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "job_runs" (
	"id" text PRIMARY KEY NOT NULL,
	"function_id" text NOT NULL,
	"event_id" text NOT NULL,
	"event" jsonb NOT NULL,
	"status" text NOT NULL,
	"attempt" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer NOT NULL,
	"step_retries" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sleeps" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"disable_immediate_execution" boolean DEFAULT false NOT NULL,
	"concurrency_key" text,
	"wake_at" timestamp with time zone,
	"output" jsonb,
	"error" jsonb,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "job_steps" (
	"run_id" text NOT NULL,
	"step_id" text NOT NULL,
	"name" text,
	"position" integer NOT NULL,
	"result" jsonb NOT NULL,
	"completed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_steps_run_id_step_id_pk" PRIMARY KEY("run_id","step_id")
);
--> statement-breakpoint
ALTER TABLE "job_steps" ADD CONSTRAINT "job_steps_run_id_job_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."job_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_events_pending_idx" ON "job_events" USING btree ("received_at") WHERE "job_events"."dispatched_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "job_runs_function_event_idx" ON "job_runs" USING btree ("function_id","event_id");--> statement-breakpoint
CREATE INDEX "job_runs_wake_idx" ON "job_runs" USING btree ("wake_at") WHERE "job_runs"."wake_at" is not null;--> statement-breakpoint
CREATE INDEX "job_runs_function_created_idx" ON "job_runs" USING btree ("function_id","created_at");