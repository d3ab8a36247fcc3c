CREATE TABLE "tracking_counts" (
	"organization_id" text NOT NULL,
	"slug" text NOT NULL,
	"tag" text NOT NULL,
	"day" date NOT NULL,
	"delta" bigint NOT NULL,
	"folded" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tracking_counts" ADD CONSTRAINT "tracking_counts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tracking_counts_key_idx" ON "tracking_counts" USING btree ("organization_id","tag","slug","day");--> statement-breakpoint
-- Inserts and deletes add one row per key and statement (a bulk import adds a handful, not one per tracking).
CREATE FUNCTION "tracking_counts_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "tracking_counts" ("organization_id", "slug", "tag", "day", "delta")
  SELECT "organization_id", "slug", "tag", ("created_at" AT TIME ZONE 'UTC')::date, count(*) FROM "added" GROUP BY 1, 2, 3, 4;
  RETURN NULL;
END $$;--> statement-breakpoint
-- An organisation being erased takes its counts with it (the foreign key), so they are not taken back.
CREATE FUNCTION "tracking_counts_take"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "tracking_counts" ("organization_id", "slug", "tag", "day", "delta")
  SELECT "organization_id", "slug", "tag", ("created_at" AT TIME ZONE 'UTC')::date, -count(*) FROM "taken"
  WHERE EXISTS (SELECT 1 FROM "organizations" WHERE "organizations"."id" = "taken"."organization_id")
  GROUP BY 1, 2, 3, 4;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "tracking_counts_move"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "tracking_counts" ("organization_id", "slug", "tag", "day", "delta")
  VALUES (OLD."organization_id", OLD."slug", OLD."tag", (OLD."created_at" AT TIME ZONE 'UTC')::date, -1),
         (NEW."organization_id", NEW."slug", NEW."tag", (NEW."created_at" AT TIME ZONE 'UTC')::date, 1);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "trackings_counted_on_insert" AFTER INSERT ON "trackings" REFERENCING NEW TABLE AS "added" FOR EACH STATEMENT EXECUTE FUNCTION "tracking_counts_add"();--> statement-breakpoint
CREATE TRIGGER "trackings_counted_on_delete" AFTER DELETE ON "trackings" REFERENCING OLD TABLE AS "taken" FOR EACH STATEMENT EXECUTE FUNCTION "tracking_counts_take"();--> statement-breakpoint
-- Most updates (a poll with nothing new) leave the key alone and never call the function.
CREATE TRIGGER "trackings_counted_on_move" AFTER UPDATE OF "organization_id", "slug", "tag", "created_at" ON "trackings" FOR EACH ROW
  WHEN ((OLD."organization_id", OLD."slug", OLD."tag", OLD."created_at") IS DISTINCT FROM (NEW."organization_id", NEW."slug", NEW."tag", NEW."created_at"))
  EXECUTE FUNCTION "tracking_counts_move"();--> statement-breakpoint
-- After the triggers, in the same transaction: their lock holds writers back until the counts are whole.
INSERT INTO "tracking_counts" ("organization_id", "slug", "tag", "day", "delta", "folded")
SELECT "organization_id", "slug", "tag", ("created_at" AT TIME ZONE 'UTC')::date, count(*), true FROM "trackings" GROUP BY 1, 2, 3, 4;
