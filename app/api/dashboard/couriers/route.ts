import { listCourierOptions } from "@/lib/dashboard/courier-options";
import { courierFollowingFor } from "@/lib/dashboard/courier-following";
import { dashboardRoute } from "@/lib/dashboard/dashboard-route";

export const GET = dashboardRoute(async ({ db, user }) => ({ couriers: listCourierOptions(await courierFollowingFor(db, user.organization.id)) }));
