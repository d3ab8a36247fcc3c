import type { Checkpoint } from "@/db/schema";
import { getCourier } from "@/lib/couriers/get-courier";
import { deriveFields } from "@/lib/trackings/derive-fields";
import type { TrackingRecord } from "@/lib/trackings/tracking-record";
import { NOTIFICATION_LANGUAGES, NOTIFICATION_TEXT, type NotificationLanguage, SUBTAG_MESSAGES } from "./notification-texts";

/** The tracking's `language` ("de", "de-AT", "fr_CA", "ES") as one we write in; English otherwise. */
export function notificationLanguage(language: string | null): NotificationLanguage {
  const primary = (language ?? "").trim().toLowerCase().split(/[-_]/)[0];
  return (NOTIFICATION_LANGUAGES as readonly string[]).includes(primary ?? "") ? (primary as NotificationLanguage) : "en";
}

/** The status in the language: the subtag's message, else its tag's first subtag's, else the stored English one. */
export function statusText(record: TrackingRecord, language: NotificationLanguage): string {
  const { subtag, tag, subtagMessage } = record.tracking;
  if (language === "en") return subtagMessage;
  const messages = SUBTAG_MESSAGES[language];
  return messages[subtag] ?? messages[`${tag}_001`] ?? subtagMessage;
}

function placeOf(checkpoint: Checkpoint): string | null {
  const parts = checkpoint.location ? [checkpoint.location] : [checkpoint.city, checkpoint.state, checkpoint.countryName ?? checkpoint.countryIso3];
  return parts.filter((part): part is string => Boolean(part?.trim())).join(", ") || null;
}

/** The scan's own clock reading (checkpoint_time has no offset), written as people there read it. */
function localTimeOf(checkpoint: Checkpoint, locale: string): string {
  const instant = new Date(`${checkpoint.checkpointTime}Z`);
  if (Number.isNaN(instant.getTime())) return checkpoint.checkpointTime;
  return new Intl.DateTimeFormat(locale, { dateStyle: "long", timeStyle: "short", timeZone: "UTC" }).format(instant);
}

export interface ComposedNotification {
  language: NotificationLanguage;
  subject: string;
  emailText: string;
  smsText: string;
}

/** The e-mail and the SMS about a tracking's current status: status, latest checkpoint, link. */
export function composeNotification(record: TrackingRecord): ComposedNotification {
  const { tracking, checkpoints } = record;
  const language = notificationLanguage(tracking.language);
  const text = NOTIFICATION_TEXT[language];
  const status = statusText(record, language);
  const latest = checkpoints[checkpoints.length - 1];
  const link = deriveFields(record).courierTrackingLink;
  const courier = getCourier(tracking.slug)?.name ?? tracking.slug;
  const shipment =
    tracking.title && tracking.title !== tracking.trackingNumber
      ? `“${tracking.title}” (${courier} ${tracking.trackingNumber})`
      : `${courier} ${tracking.trackingNumber}`;
  const place = latest ? placeOf(latest) : null;
  const time = latest ? localTimeOf(latest, text.locale) : null;

  const lines = [text.greeting, "", text.intro(shipment), "", `${text.status}: ${status}`];
  if (latest) {
    lines.push(`${text.latest}: ${latest.message || status}`);
    if (place) lines.push(`${text.place}: ${place}`);
    lines.push(`${text.time}: ${time}`);
  }
  if (link) lines.push("", `${text.link}: ${link}`);
  lines.push("", "—", text.footer);

  const latestLine = latest ? [latest.message, place, time].filter(Boolean).join(", ") : "";
  const sms = [`${text.smsShipment(tracking.trackingNumber)}: ${status}.`, latestLine && `${latestLine}.`, link].filter(Boolean).join(" ");
  return { language, subject: text.subject(status, tracking.trackingNumber), emailText: `${lines.join("\n")}\n`, smsText: sms };
}
