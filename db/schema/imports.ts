import { integer, jsonb, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { createdAt, tz, updatedAt } from "./_columns";
import { organizations } from "./organizations";

/** A move of another tracking service's account into Waybill (AfterShip's API), resumable page by page. */
export const importRuns = pgTable("import_runs", {
  id: text("id").primaryKey(),
  organizationId: text("organization_id")
    .notNull()
    .references(() => organizations.id, { onDelete: "cascade" }),
  source: text("source").$type<"aftership">().notNull(),
  /** The source's API address (AFTERSHIP_API_BASE_URL or its default at the start). */
  baseUrl: text("base_url").notNull(),
  /** The source account's API key, sealed; dropped once the run ends. */
  credentialsCiphertext: text("credentials_ciphertext"),
  /** Only trackings created since this date (ISO 8601); null: all. */
  since: text("since"),
  /** The next page's cursor; null: the first page. */
  cursor: text("cursor"),
  status: text("status").$type<"running" | "done" | "failed">().notNull(),
  imported: integer("imported").notNull().default(0),
  updated: integer("updated").notNull().default(0),
  skipped: integer("skipped").notNull().default(0),
  /** Why trackings were skipped, with how many each. */
  skipReasons: jsonb("skip_reasons").$type<Record<string, number>>().notNull().default({}),
  error: text("error"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  finishedAt: tz("finished_at"),
});

/** Which Waybill tracking an imported one became, so importing again updates it rather than adding another. */
export const importedTrackings = pgTable(
  "imported_trackings",
  {
    organizationId: text("organization_id").notNull(),
    source: text("source").notNull(),
    externalId: text("external_id").notNull(),
    trackingId: text("tracking_id").notNull(),
  },
  (table) => [primaryKey({ columns: [table.organizationId, table.source, table.externalId] })],
);
