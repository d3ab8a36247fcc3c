import { listConnectionCouriers } from "@/lib/dashboard/connection-options";
import { dashboardRoute } from "@/lib/dashboard/dashboard-route";

export const GET = dashboardRoute(async () => ({ couriers: listConnectionCouriers() }), { adminOnly: true });
