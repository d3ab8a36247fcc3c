-- Checkpoints get their stable hash (lib/carriers/checkpoint-hash.ts) in dedupe_key: sha256 over
-- courier, local time, normalised message, normalised place and carrier code, joined by U+001F.
-- Rows of one tracking that the new rule calls the same event keep their first position.
WITH hashed AS (
  SELECT "id", row_number() OVER (
    PARTITION BY "organization_id", "tracking_id", encode(sha256(convert_to(concat_ws(chr(31),
      "slug",
      "checkpoint_time",
      translate(btrim(regexp_replace("message", '[ \t\n\r\f\v]+', ' ', 'g'), ' '), 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz'),
      translate(btrim(regexp_replace(coalesce("location", "city", ''), '[ \t\n\r\f\v]+', ' ', 'g'), ' '), 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz'),
      coalesce("raw_tag", '')), 'UTF8')), 'hex')
    ORDER BY "position", "id") AS "rank"
  FROM "checkpoints"
)
DELETE FROM "checkpoints" USING hashed WHERE "checkpoints"."id" = hashed."id" AND hashed."rank" > 1;--> statement-breakpoint
UPDATE "checkpoints" SET "dedupe_key" = encode(sha256(convert_to(concat_ws(chr(31),
  "slug",
  "checkpoint_time",
  translate(btrim(regexp_replace("message", '[ \t\n\r\f\v]+', ' ', 'g'), ' '), 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz'),
  translate(btrim(regexp_replace(coalesce("location", "city", ''), '[ \t\n\r\f\v]+', ' ', 'g'), ' '), 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz'),
  coalesce("raw_tag", '')), 'UTF8')), 'hex');
