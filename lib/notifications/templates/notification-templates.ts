import { and, eq } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { notificationTemplates, organizations } from "@/db/schema";
import { InvalidError } from "@/lib/domain-errors";
import { NOTIFICATION_LANGUAGES, type NotificationLanguage } from "../notification-texts";
import { DEFAULT_TRIGGERS, isTemplateTrigger, type MessageTemplate, type TemplateTrigger } from "./default-templates";
import { previewTemplate } from "./preview-template";

export function assertTriggerAndLanguage(trigger: string, language: string): asserts trigger is TemplateTrigger {
  if (!isTemplateTrigger(trigger)) throw new InvalidError("trigger", "unknown", `No trigger is called "${trigger}".`);
  if (!(NOTIFICATION_LANGUAGES as readonly string[]).includes(language))
    throw new InvalidError("language", "unknown", `Messages are not written in "${language}".`);
}

/** The merchant's template for a trigger and language, or null (Waybill's default applies). */
export async function loadTemplate(
  db: Executor,
  organizationId: string,
  trigger: TemplateTrigger,
  language: NotificationLanguage,
): Promise<MessageTemplate | null> {
  const [row] = await db
    .select({ subject: notificationTemplates.subject, html: notificationTemplates.html, text: notificationTemplates.text, sms: notificationTemplates.sms })
    .from(notificationTemplates)
    .where(
      and(eq(notificationTemplates.organizationId, organizationId), eq(notificationTemplates.trigger, trigger), eq(notificationTemplates.language, language)),
    )
    .limit(1);
  return row ?? null;
}

/** The (trigger, language) pairs the merchant has written. */
export async function customizedTemplates(db: Executor, organizationId: string): Promise<Array<{ trigger: string; language: string }>> {
  return db
    .select({ trigger: notificationTemplates.trigger, language: notificationTemplates.language })
    .from(notificationTemplates)
    .where(eq(notificationTemplates.organizationId, organizationId));
}

/** Saves a template once every part parses and renders the sample shipment within the bounds. */
export async function saveTemplate(db: Executor, organizationId: string, trigger: string, language: string, template: MessageTemplate): Promise<void> {
  assertTriggerAndLanguage(trigger, language);
  await previewTemplate(template, language as NotificationLanguage);
  const values = { subject: template.subject, html: template.html, text: template.text, sms: template.sms, updatedAt: new Date() };
  await db
    .insert(notificationTemplates)
    .values({ organizationId, trigger, language, ...values })
    .onConflictDoUpdate({ target: [notificationTemplates.organizationId, notificationTemplates.trigger, notificationTemplates.language], set: values });
}

/** Back to Waybill's default. */
export async function resetTemplate(db: Executor, organizationId: string, trigger: string, language: string): Promise<void> {
  assertTriggerAndLanguage(trigger, language);
  await db
    .delete(notificationTemplates)
    .where(
      and(eq(notificationTemplates.organizationId, organizationId), eq(notificationTemplates.trigger, trigger), eq(notificationTemplates.language, language)),
    );
}

/** The triggers whose messages are sent: the merchant's choice, else Waybill's default set. */
export function enabledTriggers(organization: { notificationTriggers: string[] | null }): TemplateTrigger[] {
  return organization.notificationTriggers ? organization.notificationTriggers.filter(isTemplateTrigger) : [...DEFAULT_TRIGGERS];
}

export async function setEnabledTriggers(db: Executor, organizationId: string, triggers: string[]): Promise<TemplateTrigger[]> {
  const unknown = triggers.filter((trigger) => !isTemplateTrigger(trigger));
  if (unknown.length) throw new InvalidError("triggers", "unknown", `No trigger is called ${unknown.map((name) => `"${name}"`).join(", ")}.`);
  const chosen = [...new Set(triggers)] as TemplateTrigger[];
  await db.update(organizations).set({ notificationTriggers: chosen, updatedAt: new Date() }).where(eq(organizations.id, organizationId));
  return chosen;
}
