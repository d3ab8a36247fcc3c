ALTER TABLE "trackings" ADD COLUMN "order_promised_delivery_date_min" text;--> statement-breakpoint
ALTER TABLE "trackings" ADD COLUMN "order_promised_delivery_date_max" text;--> statement-breakpoint
ALTER TABLE "trackings" ADD COLUMN "shipment_dimensions" jsonb;--> statement-breakpoint
ALTER TABLE "trackings" ADD COLUMN "shipment_direction" text;--> statement-breakpoint
ALTER TABLE "trackings" ADD COLUMN "proof_of_delivery" jsonb;--> statement-breakpoint
ALTER TABLE "trackings" ADD COLUMN "multi_piece_info" jsonb;--> statement-breakpoint
ALTER TABLE "trackings" ADD COLUMN "return_shipment" jsonb;--> statement-breakpoint
ALTER TABLE "trackings" ADD COLUMN "forward_shipment" jsonb;