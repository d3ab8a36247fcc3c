import { ApiError } from "@/lib/api/errors";
import { revokeApiKey } from "@/lib/accounts/revoke-api-key";
import { dashboardRoute } from "@/lib/dashboard/dashboard-route";

export const DELETE = dashboardRoute<{ id: string }>(
  async ({ db, user, params }) => {
    if (!(await revokeApiKey(db, user.organization.id, params.id))) throw new ApiError(404, "No such live API key.");
    return { revoked: true };
  },
  { adminOnly: true },
);
