CREATE TABLE "organization_logos" (
	"organization_id" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"data" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "handle" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "tracking_page" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "custom_domain" text;--> statement-breakpoint
ALTER TABLE "organization_logos" ADD CONSTRAINT "organization_logos_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "organizations_handle_idx" ON "organizations" USING btree ("handle");--> statement-breakpoint
CREATE UNIQUE INDEX "organizations_custom_domain_idx" ON "organizations" USING btree ("custom_domain");