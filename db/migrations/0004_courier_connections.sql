CREATE TABLE "courier_connections" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"courier_slug" text NOT NULL,
	"credentials_ciphertext" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "courier_connections_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
ALTER TABLE "courier_connections" ADD CONSTRAINT "courier_connections_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "courier_connections_slug_idx" ON "courier_connections" USING btree ("organization_id","courier_slug","id");