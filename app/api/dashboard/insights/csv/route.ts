import { dashboardRoute } from "@/lib/dashboard/dashboard-route";
import { EXPORTED_COMMENTS, insightsCsv, insightsFilter, insightsView } from "@/lib/dashboard/insights";

/** A chart's numbers as a CSV download (`table`: statuses, couriers or lanes), for the same filter. */
export const GET = dashboardRoute(async ({ request, db, user }) => {
  const params = new URL(request.url).searchParams;
  const filter = insightsFilter(params, new Date());
  const table = params.get("table") ?? "";
  const csv = insightsCsv(await insightsView(db, user.organization.id, filter, { comments: table === "comments" ? EXPORTED_COMMENTS : undefined }), table);
  return new Response(csv, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="insights-${table}-${filter.from}-${filter.to}.csv"`,
      "cache-control": "no-store",
    },
  });
});
