import type { Executor } from "@/db/client";
import type { Organization } from "@/db/schema";
import { DomainError, InvalidError, LimitReachedError } from "@/lib/domain-errors";
import { renameFields2025 } from "@/lib/couriers/field-names-2025";
import { createTracking } from "@/lib/trackings/create-tracking";
import { parseCsv } from "./parse-csv";
import { EXPORT_ONLY_COLUMNS, IMPORT_COLUMNS } from "./tracking-csv-columns";
import type { ImportResult } from "./types";
import { dashboardCreateInput } from "./views/tracking-input";

const MAX_IMPORT_ROWS = 10_000;
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;

const KNOWN = new Set<string>(IMPORT_COLUMNS);
const SKIPPED = new Set<string>(EXPORT_ONLY_COLUMNS);
const CUSTOMER_COLUMNS = { customer_name: "name", customer_email: "email", customer_phone: "phone_number" } as const;

/** An export defuses formulas with a leading apostrophe; take it off again. */
function cellValue(raw: string): string {
  const value = raw.trim();
  return /^'[=+\-@]/.test(value) ? value.slice(1) : value;
}

/** A CSV row as the 2025-04 create body: blank cells are left out, customer columns become `customers`. */
function rowToBody(header: string[], cells: string[]): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  const customer: Record<string, string> = {};
  header.forEach((column, index) => {
    const value = cellValue(cells[index] ?? "");
    if (!value || !KNOWN.has(column)) return;
    if (column in CUSTOMER_COLUMNS) customer[CUSTOMER_COLUMNS[column as keyof typeof CUSTOMER_COLUMNS]] = value;
    else body[column] = value;
  });
  if (Object.keys(customer).length) body.customers = [customer];
  return body;
}

function readHeader(records: string[][]): string[] {
  const header = (records[0] ?? []).map((column) => column.trim().toLowerCase());
  if (!header.includes("tracking_number")) {
    throw new InvalidError("file", "format", "The first row must name the columns, and one of them must be tracking_number.");
  }
  const unknown = header.filter((column) => column && !KNOWN.has(column) && !SKIPPED.has(column));
  if (unknown.length) {
    throw new InvalidError(
      "file",
      "format",
      `Unknown column ${unknown.map((column) => `"${column}"`).join(", ")}. Columns Waybill reads: ${IMPORT_COLUMNS.join(", ")}.`,
    );
  }
  return header;
}

/**
 * Creates a tracking per CSV row, each on its own: a bad row is reported (row number, message) and
 * the good rows are still created. Couriers are detected where the slug is blank.
 */
export async function importTrackings(db: Executor, organization: Organization, csv: string): Promise<ImportResult> {
  if (Buffer.byteLength(csv) > MAX_IMPORT_BYTES) throw new LimitReachedError("import-size", "The file is larger than 5 MB: split it into several imports.");
  const records = parseCsv(csv);
  const header = readHeader(records);
  const rows = records.slice(1);
  if (rows.length === 0) throw new InvalidError("file", "format", "The file has a header but no trackings.");
  if (rows.length > MAX_IMPORT_ROWS)
    throw new LimitReachedError("import-rows", `At most ${MAX_IMPORT_ROWS.toLocaleString("en")} trackings per import: split the file.`);

  const result: ImportResult = { created: 0, failed: [] };
  for (const [index, cells] of rows.entries()) {
    const row = index + 2;
    try {
      await createTracking(db, organization, dashboardCreateInput(rowToBody(header, cells)));
      result.created += 1;
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      result.failed.push({ row, message: renameFields2025(error.message) });
    }
  }
  return result;
}
