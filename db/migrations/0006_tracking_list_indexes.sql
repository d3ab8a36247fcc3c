DROP INDEX "trackings_tag_list_idx";--> statement-breakpoint
CREATE INDEX "trackings_slug_list_idx" ON "trackings" USING btree ("organization_id","slug","tag","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "trackings_connection_idx" ON "trackings" USING btree ("organization_id","courier_connection_id");--> statement-breakpoint
CREATE INDEX "trackings_tag_list_idx" ON "trackings" USING btree ("organization_id","tag","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);