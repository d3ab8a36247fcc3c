import { z } from "zod";
import { createCourierConnection } from "@/lib/connections/create-courier-connection";
import { listCourierConnections } from "@/lib/connections/list-courier-connections";
import { connectionSummary } from "@/lib/dashboard/connection-options";
import { dashboardRoute, readJson } from "@/lib/dashboard/dashboard-route";

const NewConnection = z.object({ courierSlug: z.string().min(1, "Choose a courier."), credentials: z.record(z.string(), z.string()) });
// The settings page lists every connection: an organisation has a handful, one per carrier account.
const MAX_LISTED = 100;

export const GET = dashboardRoute(
  async ({ db, user }) => {
    const { connections, total } = await listCourierConnections(db, user.organization.id, { limit: MAX_LISTED });
    return { connections: connections.map(connectionSummary), total };
  },
  { adminOnly: true },
);

export const POST = dashboardRoute(
  async ({ request, db, user }) => {
    const connection = await createCourierConnection(db, user.organization.id, await readJson(request, NewConnection));
    return Response.json({ connection: connectionSummary(connection) }, { status: 201 });
  },
  { adminOnly: true },
);
