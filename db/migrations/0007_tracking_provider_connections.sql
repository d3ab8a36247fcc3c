CREATE TABLE "tracking_provider_connections" (
	"organization_id" text NOT NULL,
	"provider" text NOT NULL,
	"credentials_ciphertext" text NOT NULL,
	"quota" jsonb,
	"quota_checked_at" timestamp with time zone,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tracking_provider_connections_organization_id_provider_pk" PRIMARY KEY("organization_id","provider")
);
--> statement-breakpoint
ALTER TABLE "tracking_provider_connections" ADD CONSTRAINT "tracking_provider_connections_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;