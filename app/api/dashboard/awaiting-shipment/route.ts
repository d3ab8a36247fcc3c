import { dashboardRoute } from "@/lib/dashboard/dashboard-route";
import { ordersAwaitingShipment } from "@/lib/stores/awaiting-shipment";

/** Paid store orders without a tracking number yet, oldest first, with their age. */
export const GET = dashboardRoute(async ({ db, user }) => ({ orders: await ordersAwaitingShipment(db, user.organization.id, new Date()) }));
