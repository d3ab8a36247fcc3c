import { publicBaseUrl } from "@/lib/http/public-address";
import type { NotificationLanguage } from "../notification-texts";
import type { MessageTemplate } from "./default-templates";
import { renderTemplate } from "./liquid";
import { assertTemplateParses } from "./notification-templates";
import { sampleVariables } from "./template-variables";

export interface RenderedPreview {
  subject: string;
  html: string;
  text: string;
  sms: string;
}

/** The template filled in with a sample shipment, for the dashboard's live preview; a template that does not parse is refused with its line. */
export function previewTemplate(template: MessageTemplate, language: NotificationLanguage): RenderedPreview {
  assertTemplateParses(template);
  const variables = sampleVariables(language, `${publicBaseUrl()}/t/your-shop/sample`);
  return {
    subject: renderTemplate(template.subject, variables, "plain").replace(/\s+/g, " ").trim(),
    html: renderTemplate(template.html, variables, "html"),
    text: renderTemplate(template.text, variables, "plain"),
    sms: renderTemplate(template.sms, variables, "plain").replace(/\s+/g, " ").trim(),
  };
}
