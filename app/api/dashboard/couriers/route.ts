import { listCourierOptions } from "@/lib/dashboard/courier-options";
import { dashboardRoute } from "@/lib/dashboard/dashboard-route";

export const GET = dashboardRoute(async () => ({ couriers: listCourierOptions() }));
