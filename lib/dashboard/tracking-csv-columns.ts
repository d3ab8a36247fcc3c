/** Columns an import reads, under the 2025-04 API's field names. */
export const IMPORT_COLUMNS = [
  "tracking_number",
  "slug",
  "title",
  "note",
  "order_id",
  "order_number",
  "order_date",
  "order_promised_delivery_date",
  "customer_name",
  "customer_email",
  "customer_phone",
  "origin_country_region",
  "destination_country_region",
  "destination_state",
  "destination_city",
  "destination_postal_code",
  "tracking_account_number",
  "tracking_key",
  "tracking_ship_date",
] as const;

/** Columns an export adds; an import skips them, so an export can be edited and imported back. */
export const EXPORT_ONLY_COLUMNS = [
  "id",
  "courier",
  "status",
  "status_detail",
  "latest_checkpoint",
  "latest_checkpoint_time",
  "estimated_delivery",
  "created_at",
  "updated_at",
] as const;
