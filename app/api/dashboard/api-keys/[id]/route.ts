import { NotFoundError } from "@/lib/domain-errors";
import { revokeApiKey } from "@/lib/accounts/revoke-api-key";
import { dashboardRoute } from "@/lib/dashboard/dashboard-route";

export const DELETE = dashboardRoute<{ id: string }>(
  async ({ db, user, params }) => {
    if (!(await revokeApiKey(db, user.organization.id, params.id))) throw new NotFoundError("api-key", "No such live API key.");
    return { revoked: true };
  },
  { adminOnly: true },
);
