CREATE TABLE "insight_rollups" (
	"organization_id" text NOT NULL,
	"day" date NOT NULL,
	"slug" text NOT NULL,
	"origin" text NOT NULL,
	"destination" text NOT NULL,
	"shipments" integer DEFAULT 0 NOT NULL,
	"pending" integer DEFAULT 0 NOT NULL,
	"info_received" integer DEFAULT 0 NOT NULL,
	"in_transit" integer DEFAULT 0 NOT NULL,
	"out_for_delivery" integer DEFAULT 0 NOT NULL,
	"attempt_fail" integer DEFAULT 0 NOT NULL,
	"delivered" integer DEFAULT 0 NOT NULL,
	"available_for_pickup" integer DEFAULT 0 NOT NULL,
	"exception" integer DEFAULT 0 NOT NULL,
	"expired" integer DEFAULT 0 NOT NULL,
	"had_exception" integer DEFAULT 0 NOT NULL,
	"had_failed_attempt" integer DEFAULT 0 NOT NULL,
	"returned" integer DEFAULT 0 NOT NULL,
	"lost" integer DEFAULT 0 NOT NULL,
	"damaged" integer DEFAULT 0 NOT NULL,
	"promised_on_time" integer DEFAULT 0 NOT NULL,
	"promised_late" integer DEFAULT 0 NOT NULL,
	"first_estimate_on_time" integer DEFAULT 0 NOT NULL,
	"first_estimate_late" integer DEFAULT 0 NOT NULL,
	"revised" integer DEFAULT 0 NOT NULL,
	"in_range" integer DEFAULT 0 NOT NULL,
	"ranged" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "insight_rollups_organization_id_day_slug_origin_destination_pk" PRIMARY KEY("organization_id","day","slug","origin","destination")
);
--> statement-breakpoint
CREATE TABLE "insight_transit" (
	"organization_id" text NOT NULL,
	"day" date NOT NULL,
	"slug" text NOT NULL,
	"origin" text NOT NULL,
	"destination" text NOT NULL,
	"business_days" integer NOT NULL,
	"shipments" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "insight_transit_organization_id_day_slug_origin_destination_business_days_pk" PRIMARY KEY("organization_id","day","slug","origin","destination","business_days")
);
--> statement-breakpoint
ALTER TABLE "trackings" ADD COLUMN "first_estimate" text;--> statement-breakpoint
ALTER TABLE "trackings" ADD COLUMN "estimate_revisions" integer DEFAULT 0 NOT NULL;