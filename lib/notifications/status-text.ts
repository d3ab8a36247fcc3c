import type { Tag } from "@/lib/tags";
import type { TrackingRecord } from "@/lib/trackings/tracking-record";
import { SHOPPER_TEXTS } from "@/lib/trackings/shopper-texts";
import { NOTIFICATION_LANGUAGES, type NotificationLanguage, SUBTAG_MESSAGES } from "./notification-texts";

/** The tracking's `language` ("de", "de-AT", "fr_CA", "ES") as one we write in; English otherwise. */
export function notificationLanguage(language: string | null): NotificationLanguage {
  const primary = (language ?? "").trim().toLowerCase().split(/[-_]/)[0];
  return (NOTIFICATION_LANGUAGES as readonly string[]).includes(primary ?? "") ? (primary as NotificationLanguage) : "en";
}

/**
 * The status in the language: the subtag's message, else its tag's first subtag's, else the tag in
 * the tracking page's words, else the stored English one.
 */
export function statusText(record: TrackingRecord, language: NotificationLanguage): string {
  const { subtag, tag, subtagMessage } = record.tracking;
  if (language === "en") return subtagMessage;
  const messages = SUBTAG_MESSAGES[language];
  return messages?.[subtag] ?? messages?.[`${tag}_001`] ?? SHOPPER_TEXTS[language].status[tag as Tag] ?? subtagMessage;
}
