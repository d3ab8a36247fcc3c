import type { Executor } from "@/db/client";
import { listTrackings, type TrackingListFilter } from "@/lib/trackings/list-trackings";
import { csvLine } from "./format-csv";
import { EXPORT_ONLY_COLUMNS, IMPORT_COLUMNS } from "./tracking-csv-columns";
import { trackingDetailView } from "./tracking-view";
import type { TrackingDetail } from "./types";

// Large pages: each page is one keyset query, so fewer pages mean fewer round trips.
const EXPORT_PAGE_SIZE = 1000;

// Importable columns first, then the read-only ones an import skips.
const HEADER = [...IMPORT_COLUMNS, ...EXPORT_ONLY_COLUMNS];

function exportRow(tracking: TrackingDetail): string {
  const customer = tracking.customers[0];
  const values: Record<(typeof HEADER)[number], string | null> = {
    id: tracking.id,
    tracking_number: tracking.tracking_number,
    slug: tracking.slug,
    title: tracking.title,
    note: tracking.note,
    order_id: tracking.order_id,
    order_number: tracking.order_number,
    order_date: tracking.order_date,
    order_promised_delivery_date: tracking.order_promised_delivery_date,
    customer_name: customer?.name ?? tracking.customer_name,
    customer_email: customer?.email ?? null,
    customer_phone: customer?.phone_number ?? null,
    origin_country_region: tracking.origin_country_region,
    destination_country_region: tracking.destination_country_region,
    destination_state: tracking.destination_state,
    destination_city: tracking.destination_city,
    destination_postal_code: tracking.destination_postal_code,
    tracking_account_number: tracking.tracking_account_number,
    tracking_key: tracking.tracking_key,
    tracking_ship_date: tracking.tracking_ship_date,
    courier: tracking.courier_name,
    status: tracking.tag,
    status_detail: tracking.subtag_message,
    latest_checkpoint: tracking.latest_checkpoint?.message ?? null,
    latest_checkpoint_time: tracking.latest_checkpoint?.checkpoint_time ?? null,
    estimated_delivery: tracking.latest_estimated_delivery?.datetime ?? null,
    created_at: tracking.created_at,
    updated_at: tracking.updated_at,
  };
  return csvLine(HEADER.map((column) => values[column]));
}

/**
 * The trackings matching a filter as CSV, produced page by page while the client downloads, so an
 * export of every tracking never sits in memory at once. The columns import back unchanged.
 */
export function exportTrackingsCsv(db: Executor, organizationId: string, filter: TrackingListFilter): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let cursor: string | undefined;
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(csvLine([...HEADER])));
        return;
      }
      const page = await listTrackings(db, organizationId, filter, { kind: "cursor", cursor, limit: EXPORT_PAGE_SIZE });
      controller.enqueue(encoder.encode(page.records.map((record) => exportRow(trackingDetailView(record))).join("")));
      cursor = page.nextCursor ?? undefined;
      if (!page.hasNextPage) controller.close();
    },
  });
}
