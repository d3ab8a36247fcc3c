CREATE TABLE "attention_flags" (
	"organization_id" text NOT NULL,
	"tracking_id" text NOT NULL,
	"reason" text NOT NULL,
	"since" date NOT NULL,
	"flagged_at" timestamp with time zone DEFAULT now() NOT NULL,
	"snoozed_until" timestamp with time zone,
	"resolved_at" timestamp with time zone,
	"note" text,
	CONSTRAINT "attention_flags_organization_id_tracking_id_reason_pk" PRIMARY KEY("organization_id","tracking_id","reason")
);
--> statement-breakpoint
ALTER TABLE "trackings" ADD COLUMN "needs_attention" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "attention_events" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "attention_flags" ADD CONSTRAINT "attention_flags_organization_id_tracking_id_trackings_organization_id_id_fk" FOREIGN KEY ("organization_id","tracking_id") REFERENCES "public"."trackings"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attention_flags_queue_idx" ON "attention_flags" USING btree ("organization_id","since");--> statement-breakpoint
CREATE INDEX "trackings_attention_idx" ON "trackings" USING btree ("organization_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "trackings"."needs_attention";