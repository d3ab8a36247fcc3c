-- Trigrams for the keyword filter; pg_trgm is a trusted extension (PostgreSQL 13+), so the database owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "trackings_search_trgm_idx" ON "trackings" USING gin ("search_text" gin_trgm_ops);
