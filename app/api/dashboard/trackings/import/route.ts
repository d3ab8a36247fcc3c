import { dashboardRoute, errorJson } from "@/lib/dashboard/dashboard-route";
import { importTrackings, MAX_IMPORT_BYTES } from "@/lib/dashboard/import-trackings";

/** The CSV file is the request body (text/csv). */
export const POST = dashboardRoute(async ({ request, db, user }) => {
  if (Number(request.headers.get("content-length") ?? 0) > MAX_IMPORT_BYTES) {
    return errorJson(413, "The file is larger than 5 MB: split it into several imports.");
  }
  return importTrackings(db, user.organization, await request.text());
});
