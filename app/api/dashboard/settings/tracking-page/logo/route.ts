import { removeOrganizationLogo, setOrganizationLogo } from "@/lib/accounts/update-tracking-page";
import { dashboardRoute } from "@/lib/dashboard/dashboard-route";
import { readLogoUpload } from "@/lib/dashboard/read-logo-upload";

/** The logo's bytes as the body: the type is read from the image itself. */
export const PUT = dashboardRoute(
  async ({ request, db, user }) => {
    await setOrganizationLogo(db, user.organization.id, await readLogoUpload(request));
    return { saved: true };
  },
  { adminOnly: true, bodyType: "application/octet-stream" },
);

export const DELETE = dashboardRoute(
  async ({ db, user }) => {
    await removeOrganizationLogo(db, user.organization.id);
    return { removed: true };
  },
  { adminOnly: true },
);
