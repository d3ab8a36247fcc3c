import { z } from "zod";
import { deleteCourierConnection } from "@/lib/connections/delete-courier-connection";
import { updateCourierConnection } from "@/lib/connections/update-courier-connection";
import { connectionSummary } from "@/lib/dashboard/connection-options";
import { dashboardRoute, readJson } from "@/lib/dashboard/dashboard-route";

type Params = { id: string };

/** Replaces the credentials with a complete new set (secrets cannot be read back to merge with). */
export const PUT = dashboardRoute<Params>(
  async ({ request, db, user, params }) => {
    const input = await readJson(request, z.object({ credentials: z.record(z.string(), z.string()) }));
    return { connection: connectionSummary(await updateCourierConnection(db, user.organization.id, params.id, input)) };
  },
  { adminOnly: true },
);

export const DELETE = dashboardRoute<Params>(
  async ({ db, user, params }) => {
    await deleteCourierConnection(db, user.organization.id, params.id);
    return { deleted: true };
  },
  { adminOnly: true },
);
