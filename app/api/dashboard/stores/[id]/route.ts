import { dashboardRoute } from "@/lib/dashboard/dashboard-route";
import { storeView } from "@/lib/dashboard/store-views";
import { listStores } from "@/lib/stores/list-stores";
import { removeStore } from "@/lib/stores/remove-store";

/** Disconnects a store; its trackings stay. */
export const DELETE = dashboardRoute<{ id: string }>(
  async ({ db, user, params }) => {
    await removeStore(db, user.organization.id, params.id);
    return { stores: (await listStores(db, user.organization.id)).map(storeView) };
  },
  { adminOnly: true },
);
