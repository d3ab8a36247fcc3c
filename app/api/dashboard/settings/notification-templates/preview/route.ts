import { z } from "zod";
import { dashboardRoute, readJson } from "@/lib/dashboard/dashboard-route";
import { previewMessage } from "@/lib/dashboard/message-templates";

const Template = z.object({ language: z.string(), subject: z.string(), html: z.string(), text: z.string(), sms: z.string() });

/** The live preview: the template as typed, filled in with a sample shipment. Nothing is stored. */
export const POST = dashboardRoute(async ({ request }) => {
  const { language, ...template } = await readJson(request, Template);
  return { preview: previewMessage(template, language) };
});
