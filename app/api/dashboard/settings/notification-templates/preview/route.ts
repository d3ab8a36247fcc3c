import { z } from "zod";
import { dashboardRoute, readJson } from "@/lib/dashboard/dashboard-route";
import { previewMessage } from "@/lib/dashboard/message-templates";
import { takePreview } from "@/lib/dashboard/preview-budget";

const Template = z.object({ language: z.string(), subject: z.string(), html: z.string(), text: z.string(), sms: z.string() });

/** The live preview: the template as typed, filled in with a sample shipment. Nothing is stored. An admin's tool, counted per user. */
export const POST = dashboardRoute(
  async ({ request, user }) => {
    await takePreview(user.id);
    const { language, ...template } = await readJson(request, Template);
    return { preview: await previewMessage(template, language) };
  },
  { adminOnly: true },
);
