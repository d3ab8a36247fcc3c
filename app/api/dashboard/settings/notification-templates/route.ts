import { z } from "zod";
import { dashboardRoute, readJson } from "@/lib/dashboard/dashboard-route";
import { messageTemplateView } from "@/lib/dashboard/message-templates";
import { resetTemplate, saveTemplate } from "@/lib/notifications/templates/notification-templates";

const Key = z.object({ trigger: z.string(), language: z.string() });
const Template = Key.extend({ subject: z.string(), html: z.string(), text: z.string(), sms: z.string() });

const keyOf = (request: Request) => {
  const query = new URL(request.url).searchParams;
  return { trigger: query.get("trigger") ?? "Delivered", language: query.get("language") ?? "en" };
};

export const GET = dashboardRoute(async ({ request, db, user }) => messageTemplateView(db, user.organization, keyOf(request)));

export const PUT = dashboardRoute(
  async ({ request, db, user }) => {
    const { trigger, language, ...template } = await readJson(request, Template);
    await saveTemplate(db, user.organization.id, trigger, language, template);
    return messageTemplateView(db, user.organization, { trigger, language });
  },
  { adminOnly: true },
);

export const DELETE = dashboardRoute(
  async ({ request, db, user }) => {
    const key = keyOf(request);
    await resetTemplate(db, user.organization.id, key.trigger, key.language);
    return messageTemplateView(db, user.organization, key);
  },
  { adminOnly: true },
);
