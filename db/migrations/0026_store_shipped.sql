ALTER TABLE "trackings" ADD COLUMN "store_shipped" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "trackings" SET "store_shipped" = true FROM "store_shipments" WHERE "store_shipments"."organization_id" = "trackings"."organization_id" AND "store_shipments"."tracking_id" = "trackings"."id" AND NOT "trackings"."store_shipped";
