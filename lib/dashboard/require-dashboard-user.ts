import { redirect } from "next/navigation";
import { getDashboardUser, type DashboardUser } from "./session";

/**
 * For pages: the signed-in user, or off to sign-in. Every page calls it, not only the layout,
 * because a layout is not run again when the browser moves between pages under it.
 */
export async function requireDashboardUser(): Promise<DashboardUser> {
  const user = await getDashboardUser();
  if (!user) redirect("/sign-in");
  return user;
}
