import type { TrackingRecord } from "@/lib/trackings/tracking-record";
import type { NotificationLanguage } from "./notification-texts";
import { defaultTemplate, type MessageTemplate, type TemplateTrigger } from "./templates/default-templates";
import { renderTemplate } from "./templates/liquid";
import { messageVariables } from "./templates/template-variables";

export interface ComposedNotification {
  language: NotificationLanguage;
  subject: string;
  emailText: string;
  emailHtml: string;
  smsText: string;
}

export interface CompositionInput {
  trigger: TemplateTrigger;
  language: NotificationLanguage;
  /** The merchant's template for the trigger and language; Waybill's default when null. */
  template: MessageTemplate | null;
  trackingPageUrl: string;
}

function render(template: MessageTemplate, variables: Record<string, unknown>): Omit<ComposedNotification, "language"> {
  return {
    // A subject is one line, however the template was written.
    subject: renderTemplate(template.subject, variables, "plain").replace(/\s+/g, " ").trim(),
    emailText: renderTemplate(template.text, variables, "plain"),
    emailHtml: renderTemplate(template.html, variables, "html"),
    smsText: renderTemplate(template.sms, variables, "plain").replace(/\s+/g, " ").trim(),
  };
}

/**
 * The e-mail (HTML and text) and the SMS about a tracking, from the merchant's template. A template
 * that cannot render (saved templates parse, but one may still run too long) falls back on
 * Waybill's default, so the customer still hears the news.
 */
export function composeNotification(record: TrackingRecord, input: CompositionInput): ComposedNotification {
  const variables = messageVariables(record, input.language, input.trackingPageUrl);
  const fallback = defaultTemplate(input.trigger, input.language);
  try {
    return { language: input.language, ...render(input.template ?? fallback, variables) };
  } catch (error) {
    if (!input.template) throw error;
    return { language: input.language, ...render(fallback, variables) };
  }
}
