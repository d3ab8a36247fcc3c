-- The same uniqueness, led by the event: a fan-out finds its deliveries without reading the organisation's log.
CREATE UNIQUE INDEX "webhook_deliveries_event_idx" ON "webhook_deliveries" USING btree ("organization_id","source_event_id","endpoint_id");--> statement-breakpoint
DROP INDEX "webhook_deliveries_source_idx";
