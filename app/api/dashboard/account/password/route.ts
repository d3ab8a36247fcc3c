import { z } from "zod";
import { changePassword } from "@/lib/accounts/change-password";
import { dashboardRoute, readJson } from "@/lib/dashboard/dashboard-route";

const PasswordChange = z.object({ currentPassword: z.string(), newPassword: z.string() });

export const POST = dashboardRoute(async ({ request, db, user }) => {
  await changePassword(db, user.id, await readJson(request, PasswordChange));
  return { changed: true };
});
