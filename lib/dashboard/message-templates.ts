import type { Executor } from "@/db/client";
import type { Organization } from "@/db/schema";
import { NOTIFICATION_LANGUAGES, type NotificationLanguage } from "@/lib/notifications/notification-texts";
import { defaultTemplate, TEMPLATE_TRIGGERS, type MessageTemplate } from "@/lib/notifications/templates/default-templates";
import { assertTriggerAndLanguage, customizedTemplates, enabledTriggers, loadTemplate } from "@/lib/notifications/templates/notification-templates";
import { previewTemplate, type RenderedPreview } from "@/lib/notifications/templates/preview-template";
import { InvalidError } from "@/lib/domain-errors";
import type { MessageTemplateView } from "./types";

/** Settings → Notifications: one trigger and language's template (the merchant's, else Waybill's), and what is sent. */
export async function messageTemplateView(db: Executor, organization: Organization, key: { trigger: string; language: string }): Promise<MessageTemplateView> {
  assertTriggerAndLanguage(key.trigger, key.language);
  const language = key.language as NotificationLanguage;
  const [own, customized] = await Promise.all([loadTemplate(db, organization.id, key.trigger, language), customizedTemplates(db, organization.id)]);
  return {
    trigger: key.trigger,
    language,
    template: own ?? defaultTemplate(key.trigger, language),
    customized: own !== null,
    customizedKeys: customized.map((entry) => `${entry.trigger}/${entry.language}`),
    triggers: [...TEMPLATE_TRIGGERS],
    languages: [...NOTIFICATION_LANGUAGES],
    enabledTriggers: enabledTriggers(organization),
  };
}

export function previewMessage(template: MessageTemplate, language: string): Promise<RenderedPreview> {
  if (!(NOTIFICATION_LANGUAGES as readonly string[]).includes(language))
    throw new InvalidError("language", "unknown", `Messages are not written in "${language}".`);
  return previewTemplate(template, language as NotificationLanguage);
}
