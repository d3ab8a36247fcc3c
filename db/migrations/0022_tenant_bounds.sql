CREATE TABLE "message_quota_days" (
	"organization_id" text NOT NULL,
	"day" date NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "message_quota_days_organization_id_day_pk" PRIMARY KEY("organization_id","day")
);
--> statement-breakpoint
DROP INDEX "organizations_custom_domain_idx";--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "custom_domain_token" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "custom_domain_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "messages_per_day" integer;--> statement-breakpoint
ALTER TABLE "notification_messages" ADD COLUMN "requested_by" text;--> statement-breakpoint
CREATE UNIQUE INDEX "organizations_custom_domain_idx" ON "organizations" USING btree ("custom_domain") WHERE "organizations"."custom_domain_verified_at" is not null;