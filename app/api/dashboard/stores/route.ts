import { z } from "zod";
import { dashboardRoute, readJson } from "@/lib/dashboard/dashboard-route";
import { storeView } from "@/lib/dashboard/store-views";
import { connectStore } from "@/lib/stores/connect-store";
import { listStores } from "@/lib/stores/list-stores";

export const GET = dashboardRoute(async ({ db, user }) => ({ stores: (await listStores(db, user.organization.id)).map(storeView) }), { adminOnly: true });

/** Connects a store after one call that proves its credentials; Waybill subscribes to its changes and starts the backfill. */
export const POST = dashboardRoute(
  async ({ request, db, user }) => {
    await connectStore(db, user.organization.id, await readJson(request, z.record(z.string(), z.unknown())), new Date());
    return { stores: (await listStores(db, user.organization.id)).map(storeView) };
  },
  { adminOnly: true },
);
