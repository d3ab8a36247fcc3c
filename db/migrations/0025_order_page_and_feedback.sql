CREATE TABLE "delivery_feedback" (
	"organization_id" text NOT NULL,
	"tracking_id" text NOT NULL,
	"rating" smallint NOT NULL,
	"comment" text,
	"slug" text NOT NULL,
	"origin" text NOT NULL,
	"destination" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_feedback_organization_id_tracking_id_pk" PRIMARY KEY("organization_id","tracking_id")
);
--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "attention_on_low_rating" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "store_orders" ADD COLUMN "unshipped_items" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "delivery_feedback" ADD CONSTRAINT "delivery_feedback_organization_id_tracking_id_trackings_organization_id_id_fk" FOREIGN KEY ("organization_id","tracking_id") REFERENCES "public"."trackings"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "delivery_feedback_latest_idx" ON "delivery_feedback" USING btree ("organization_id","updated_at");--> statement-breakpoint
CREATE INDEX "trackings_order_number_idx" ON "trackings" USING btree ("organization_id","order_number");--> statement-breakpoint
CREATE INDEX "store_orders_name_idx" ON "store_orders" USING btree ("organization_id","name");