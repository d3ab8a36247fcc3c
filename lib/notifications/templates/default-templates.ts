import { TAGS, type Tag } from "@/lib/tags";
import { SHOPPER_TEXTS } from "@/lib/trackings/shopper-texts";
import { ORDER_TEXTS } from "@/lib/trackings/order-texts";
import { NOTIFICATION_TEXT, type NotificationLanguage } from "../notification-texts";

/** What a message can be written for: each status tag a shipment reaches, and a moved delivery estimate. */
export const TEMPLATE_TRIGGERS = [...TAGS, "estimate_revised"] as const;
export type TemplateTrigger = (typeof TEMPLATE_TRIGGERS)[number];

/** Sent unless the merchant chooses otherwise: every status a customer would want to hear of. */
export const DEFAULT_TRIGGERS: readonly TemplateTrigger[] = TAGS.filter((tag) => tag !== "Pending");

export interface MessageTemplate {
  subject: string;
  html: string;
  text: string;
  sms: string;
}

/**
 * Waybill's message for a trigger and language, in Liquid, built from the language's wording (the
 * wording's functions are called with Liquid placeholders, so each sentence is written once).
 */
export function defaultTemplate(trigger: TemplateTrigger, language: NotificationLanguage): MessageTemplate {
  const t = NOTIFICATION_TEXT[language];
  const page = SHOPPER_TEXTS[language];
  const revised = trigger === "estimate_revised";
  const subject = revised ? `${page.estimatedDelivery}: {{ estimate }} · {{ tracking_number }}` : t.subject("{{ status }}", "{{ tracking_number }}");
  const headline = revised ? `${page.estimatedDelivery}: {{ estimate }}` : "{{ status }}";
  const text = [
    t.greeting,
    "",
    t.intro("{{ shipment }}"),
    "",
    `${t.status}: {{ status }}`,
    "{%- if latest_checkpoint %}",
    `${t.latest}: {{ latest_checkpoint.message }}`,
    "{%- if latest_checkpoint.location %}",
    `${t.place}: {{ latest_checkpoint.location }}`,
    "{%- endif %}",
    `${t.time}: {{ latest_checkpoint.time }}`,
    "{%- endif %}",
    "{%- if estimate %}",
    `${page.estimatedDelivery}: {{ estimate }}`,
    "{%- endif %}",
    "",
    `${t.link}: {{ tracking_page_url }}`,
    ...(trigger === "Delivered" ? ["", `${ORDER_TEXTS[language].feedbackTitle} {{ feedback_url }}`] : []),
    "",
    "—",
    t.footer,
    "",
  ].join("\n");
  const html = `<!doctype html>
<html lang="${language}">
<body style="margin:0;padding:24px;background:#f8fafc;font-family:Arial,Helvetica,sans-serif;color:#0f172a">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border:1px solid #e2e8f0;border-radius:8px;padding:24px">
<p style="margin:0 0 8px;color:#475569">${t.greeting}</p>
<h1 style="margin:0 0 12px;font-size:22px">${headline}</h1>
<p style="margin:0 0 12px">${t.intro("{{ shipment }}")}</p>
{% if latest_checkpoint %}<p style="margin:0 0 12px"><strong>${t.latest}:</strong> {{ latest_checkpoint.message }}<br><span style="color:#475569">{% if latest_checkpoint.location %}{{ latest_checkpoint.location }} · {% endif %}{{ latest_checkpoint.time }}</span></p>{% endif %}
{% if estimate %}<p style="margin:0 0 12px"><strong>${page.estimatedDelivery}:</strong> {{ estimate }}</p>{% endif %}
<p style="margin:20px 0"><a href="{{ tracking_page_url }}" style="display:inline-block;background:#4338ca;color:#ffffff;padding:10px 16px;border-radius:6px;text-decoration:none;font-weight:bold">${t.link}</a></p>${
    trigger === "Delivered"
      ? `\n<p style="margin:0 0 12px"><a href="{{ feedback_url }}" style="color:#4338ca">${ORDER_TEXTS[language].feedbackTitle}</a></p>`
      : ""
  }
<p style="margin:0;font-size:12px;color:#64748b">${t.footer}</p>
</div>
</body>
</html>
`;
  const news = revised ? `${page.estimatedDelivery} {{ estimate }}` : "{{ status }}";
  const sms = `${t.smsShipment("{{ tracking_number }}")}: ${news}.{% if latest_checkpoint %} {{ latest_checkpoint.message }}{% if latest_checkpoint.location %}, {{ latest_checkpoint.location }}{% endif %}, {{ latest_checkpoint.time }}.{% endif %} {{ tracking_page_url }}`;
  return { subject, html, text, sms };
}

export const isTemplateTrigger = (value: string): value is TemplateTrigger => (TEMPLATE_TRIGGERS as readonly string[]).includes(value);
export const triggerOfTag = (tag: string): TemplateTrigger | null => (isTemplateTrigger(tag) ? (tag as Tag) : null);
