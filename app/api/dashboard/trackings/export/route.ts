import { dashboardRoute } from "@/lib/dashboard/dashboard-route";
import { exportTrackingsCsv } from "@/lib/dashboard/export-trackings";
import { parseTrackingListQuery } from "@/lib/dashboard/tracking-list-query";

/** The list's current filter as a CSV download, streamed. */
export const GET = dashboardRoute(async ({ request, db, user }) => {
  const { filter } = parseTrackingListQuery(new URL(request.url).searchParams);
  const day = new Date().toISOString().slice(0, 10);
  return new Response(exportTrackingsCsv(db, user.organization.id, filter), {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="trackings-${day}.csv"`,
      "cache-control": "no-store",
    },
  });
});
