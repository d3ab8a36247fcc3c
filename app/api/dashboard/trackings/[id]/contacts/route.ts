import { z } from "zod";
import { dashboardRoute, readJson } from "@/lib/dashboard/dashboard-route";
import { changeNotificationContacts } from "@/lib/trackings/notification-contacts";

const ContactsChange = z.object({
  action: z.enum(["add", "remove"]),
  emails: z.array(z.string()).default([]),
  smses: z.array(z.string()).default([]),
});

export const POST = dashboardRoute<{ id: string }>(async ({ request, db, user, params }) => {
  const { action, emails, smses } = await readJson(request, ContactsChange);
  return changeNotificationContacts(db, user.organization.id, { id: params.id }, { action, contacts: { emails, smses } });
});
