import { BodyTooLarge, readLimitedText } from "@/lib/read-limited-body";
import { dashboardRoute, errorJson } from "@/lib/dashboard/dashboard-route";
import { importTrackings, MAX_IMPORT_BYTES } from "@/lib/dashboard/import-trackings";

/** The CSV file is the request body (text/csv). */
export const POST = dashboardRoute(
  async ({ request, db, user }) => {
    let csv: string;
    try {
      csv = await readLimitedText(request, MAX_IMPORT_BYTES);
    } catch (error) {
      if (error instanceof BodyTooLarge) return errorJson(413, "The file is larger than 5 MB: split it into several imports.");
      throw error;
    }
    return importTrackings(db, user.organization, csv);
  },
  { bodyType: "text/csv" },
);
