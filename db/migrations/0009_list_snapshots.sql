CREATE TABLE "list_snapshots" (
	"organization_id" text NOT NULL,
	"query_hash" text NOT NULL,
	"pinned_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "list_snapshots_organization_id_query_hash_pk" PRIMARY KEY("organization_id","query_hash")
);
--> statement-breakpoint
ALTER TABLE "list_snapshots" ADD CONSTRAINT "list_snapshots_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "list_snapshots_expiry_idx" ON "list_snapshots" USING btree ("expires_at");