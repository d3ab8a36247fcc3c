CREATE TABLE "notification_templates" (
	"organization_id" text NOT NULL,
	"trigger" text NOT NULL,
	"language" text NOT NULL,
	"subject" text NOT NULL,
	"html" text NOT NULL,
	"text" text NOT NULL,
	"sms" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_templates_organization_id_trigger_language_pk" PRIMARY KEY("organization_id","trigger","language")
);
--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "notification_triggers" text[];--> statement-breakpoint
ALTER TABLE "notification_messages" ADD COLUMN "html" text;--> statement-breakpoint
ALTER TABLE "notification_templates" ADD CONSTRAINT "notification_templates_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;