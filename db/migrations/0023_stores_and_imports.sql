CREATE TABLE "store_orders" (
	"organization_id" text NOT NULL,
	"store_id" text NOT NULL,
	"order_id" text NOT NULL,
	"name" text NOT NULL,
	"placed_at" timestamp with time zone NOT NULL,
	"paid" boolean NOT NULL,
	"shipped" boolean NOT NULL,
	"cancelled" boolean DEFAULT false NOT NULL,
	"customer_name" text,
	"items" text[] DEFAULT '{}' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_orders_store_id_order_id_pk" PRIMARY KEY("store_id","order_id")
);
--> statement-breakpoint
CREATE TABLE "store_shipments" (
	"organization_id" text NOT NULL,
	"store_id" text NOT NULL,
	"order_id" text NOT NULL,
	"fulfillment_id" text NOT NULL,
	"tracking_number" text NOT NULL,
	"tracking_id" text NOT NULL,
	"ended_at" timestamp with time zone,
	"told_status" text,
	"told_by" text,
	"told_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_shipments_store_id_fulfillment_id_tracking_number_pk" PRIMARY KEY("store_id","fulfillment_id","tracking_number")
);
--> statement-breakpoint
CREATE TABLE "store_webhook_receipts" (
	"organization_id" text NOT NULL,
	"store_id" text NOT NULL,
	"webhook_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_webhook_receipts_store_id_webhook_id_pk" PRIMARY KEY("store_id","webhook_id")
);
--> statement-breakpoint
CREATE TABLE "stores" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"platform" text NOT NULL,
	"shop" text NOT NULL,
	"credentials_ciphertext" text NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"backfill" jsonb,
	"webhook_ids" text[] DEFAULT '{}' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "import_runs" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"source" text NOT NULL,
	"base_url" text NOT NULL,
	"credentials_ciphertext" text,
	"since" text,
	"cursor" text,
	"status" text NOT NULL,
	"imported" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"skip_reasons" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "imported_trackings" (
	"organization_id" text NOT NULL,
	"source" text NOT NULL,
	"external_id" text NOT NULL,
	"tracking_id" text NOT NULL,
	CONSTRAINT "imported_trackings_organization_id_source_external_id_pk" PRIMARY KEY("organization_id","source","external_id")
);
--> statement-breakpoint
ALTER TABLE "store_orders" ADD CONSTRAINT "store_orders_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_shipments" ADD CONSTRAINT "store_shipments_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_webhook_receipts" ADD CONSTRAINT "store_webhook_receipts_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_runs" ADD CONSTRAINT "import_runs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "store_orders_awaiting_idx" ON "store_orders" USING btree ("organization_id","shipped","placed_at");--> statement-breakpoint
CREATE INDEX "store_shipments_tracking_idx" ON "store_shipments" USING btree ("organization_id","tracking_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stores_shop_idx" ON "stores" USING btree ("platform","shop");--> statement-breakpoint
CREATE INDEX "stores_organization_idx" ON "stores" USING btree ("organization_id");