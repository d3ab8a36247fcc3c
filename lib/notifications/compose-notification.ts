import type { TrackingRecord } from "@/lib/trackings/tracking-record";
import type { PageMasking } from "@/lib/trackings/page/masking";
import type { NotificationLanguage } from "./notification-texts";
import { defaultTemplate, type MessageTemplate, type TemplateTrigger } from "./templates/default-templates";
import { renderMessage } from "./templates/liquid";
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
  /** What the merchant keeps from shoppers (the courier, the origin). */
  masking?: PageMasking;
}

async function render(template: MessageTemplate, variables: Record<string, unknown>): Promise<Omit<ComposedNotification, "language">> {
  const message = await renderMessage(template, variables);
  return { subject: message.subject, emailText: message.text, emailHtml: message.html, smsText: message.sms };
}

/**
 * The e-mail (HTML and text) and the SMS about a tracking, from the merchant's template. A template
 * that cannot render (saved templates render the sample, but real data may still make one too
 * large or too slow) falls back on Waybill's default, so the customer still hears the news.
 */
export async function composeNotification(record: TrackingRecord, input: CompositionInput): Promise<ComposedNotification> {
  const variables = messageVariables(record, input.language, input.trackingPageUrl, input.masking);
  const fallback = defaultTemplate(input.trigger, input.language);
  try {
    return { language: input.language, ...(await render(input.template ?? fallback, variables)) };
  } catch (error) {
    if (!input.template) throw error;
    return { language: input.language, ...(await render(fallback, variables)) };
  }
}
