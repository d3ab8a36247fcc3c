import { publicRoute, readJson } from "@/lib/dashboard/dashboard-route";
import { FirstAdminBody, setUpFirstAdmin } from "@/lib/dashboard/set-up-first-admin";

export const POST = publicRoute(async ({ request, db }) => setUpFirstAdmin(db, await readJson(request, FirstAdminBody)));
