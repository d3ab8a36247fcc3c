CREATE TABLE "change_positions" (
	"organization_id" text PRIMARY KEY NOT NULL,
	"last_position" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tracking_changes" (
	"organization_id" text NOT NULL,
	"position" bigint NOT NULL,
	"id" text NOT NULL,
	"type" text NOT NULL,
	"tracking_id" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"snapshot" jsonb NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "tracking_changes_organization_id_position_pk" PRIMARY KEY("organization_id","position")
);
--> statement-breakpoint
CREATE TABLE "klaviyo_integrations" (
	"organization_id" text PRIMARY KEY NOT NULL,
	"key_ciphertext" text NOT NULL,
	"key_hint" text NOT NULL,
	"metric_names" jsonb NOT NULL,
	"replaces_email" boolean DEFAULT false NOT NULL,
	"replaces_sms" boolean DEFAULT false NOT NULL,
	"cursor" bigint NOT NULL,
	"status" text DEFAULT 'connected' NOT NULL,
	"last_error" text,
	"paused_until" timestamp with time zone,
	"failures" integer DEFAULT 0 NOT NULL,
	"lease_until" timestamp with time zone,
	"sent_count" bigint DEFAULT 0 NOT NULL,
	"last_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "change_retention_days" integer;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD COLUMN "change_position" bigint;--> statement-breakpoint
ALTER TABLE "change_positions" ADD CONSTRAINT "change_positions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_changes" ADD CONSTRAINT "tracking_changes_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "klaviyo_integrations" ADD CONSTRAINT "klaviyo_integrations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tracking_changes_id_idx" ON "tracking_changes" USING btree ("id");--> statement-breakpoint
CREATE INDEX "tracking_changes_occurred_idx" ON "tracking_changes" USING btree ("organization_id","occurred_at");
--> statement-breakpoint
-- Every inserted tracking is a `tracking.created` change, in the insert's own transaction, whichever
-- path inserted it (the API, the dashboard, a store, an import): one counter move per organisation
-- and statement. The snapshot is the row in column names (lib/trackings/changes/snapshot.ts reads it).
CREATE FUNCTION record_trackings_created() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH fresh AS (
    SELECT n.*, row_number() OVER (PARTITION BY n.organization_id ORDER BY n.created_at, n.id) AS change_ord,
      count(*) OVER (PARTITION BY n.organization_id) AS change_count
    FROM new_rows n
  ), counts AS (
    SELECT organization_id, max(change_count) AS change_count FROM fresh GROUP BY organization_id
  ), counter AS (
    INSERT INTO change_positions (organization_id, last_position)
    SELECT organization_id, change_count FROM counts
    ON CONFLICT (organization_id) DO UPDATE SET last_position = change_positions.last_position + excluded.last_position
    RETURNING organization_id, last_position
  )
  INSERT INTO tracking_changes (organization_id, position, id, type, tracking_id, occurred_at, snapshot, details)
  SELECT f.organization_id, c.last_position - f.change_count + f.change_ord, 'chg_' || replace(gen_random_uuid()::text, '-', ''),
    'tracking.created', f.id, f.created_at, jsonb_build_object('row', to_jsonb(f) - 'change_ord' - 'change_count'), '{}'::jsonb
  FROM fresh f JOIN counter c USING (organization_id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER trackings_record_created AFTER INSERT ON trackings REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION record_trackings_created();
