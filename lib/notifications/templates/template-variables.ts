import type { Checkpoint } from "@/db/schema";
import { getCourier } from "@/lib/couriers/get-courier";
import type { TrackingRecord } from "@/lib/trackings/tracking-record";
import { NOTIFICATION_TEXT, type NotificationLanguage, SUBTAG_MESSAGES } from "../notification-texts";
import { statusText } from "../status-text";
import { checkpointPlace } from "@/lib/trackings/checkpoint-place";
import { NO_MASKING, visibleCheckpoints, type PageMasking } from "@/lib/trackings/page/masking";

/** The scan's own clock reading (checkpoint_time has no offset), written as people there read it. */
function localTimeOf(checkpoint: Checkpoint, locale: string): string {
  const instant = new Date(`${checkpoint.checkpointTime}Z`);
  if (Number.isNaN(instant.getTime())) return checkpoint.checkpointTime;
  return new Intl.DateTimeFormat(locale, { dateStyle: "long", timeStyle: "short", timeZone: "UTC" }).format(instant);
}

function estimateOf(record: TrackingRecord, locale: string): string | null {
  const { tracking } = record;
  const date = tracking.expectedDelivery ?? tracking.waybillEstimate?.estimated_delivery_date ?? tracking.orderPromisedDeliveryDate;
  if (!date) return null;
  const instant = new Date(`${date.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(instant.getTime()) ? date : new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" }).format(instant);
}

/**
 * What a merchant's template can print: tracking number, courier, status, estimate, tracking page
 * URL, order id, customer name and the latest checkpoint (plus `shipment`, the courier and number
 * with the tracking's title).
 */
export function messageVariables(
  record: TrackingRecord,
  language: NotificationLanguage,
  trackingPageUrl: string,
  masking: PageMasking = NO_MASKING,
): Record<string, unknown> {
  const { tracking } = record;
  const locale = NOTIFICATION_TEXT[language].locale;
  // A drop-shipping merchant's hidden courier and origin stay out of its messages too.
  const courier = masking.hideCourier ? "" : (getCourier(tracking.slug)?.name ?? tracking.slug);
  const latest = visibleCheckpoints(record, masking).at(-1);
  return {
    tracking_number: tracking.trackingNumber,
    courier,
    status: statusText(record, language),
    estimate: estimateOf(record, locale),
    tracking_page_url: trackingPageUrl,
    // The delivery question on the tracking page (asked once the parcel is delivered).
    feedback_url: `${trackingPageUrl}#feedback-${tracking.id}`,
    order_id: tracking.orderNumber ?? tracking.orderId,
    customer_name: tracking.customerName,
    shipment:
      tracking.title && tracking.title !== tracking.trackingNumber
        ? `“${tracking.title}” (${[courier, tracking.trackingNumber].filter(Boolean).join(" ")})`
        : [courier, tracking.trackingNumber].filter(Boolean).join(" "),
    latest_checkpoint: latest
      ? { message: latest.message || statusText(record, language), location: checkpointPlace(latest), time: localTimeOf(latest, locale) }
      : null,
  };
}

/** A made-up shipment for the dashboard's live preview, in the language's own formats. */
export function sampleVariables(language: NotificationLanguage, trackingPageUrl: string): Record<string, unknown> {
  const locale = NOTIFICATION_TEXT[language].locale;
  const day = (date: string, withTime: boolean) =>
    new Intl.DateTimeFormat(locale, { dateStyle: "long", ...(withTime ? { timeStyle: "short" } : {}), timeZone: "UTC" }).format(new Date(date));
  return {
    tracking_number: "1Z999AA10123456784",
    courier: "UPS",
    status: language === "en" ? "Arrived at the destination country" : (SUBTAG_MESSAGES[language]?.InTransit_004 ?? "In transit"),
    estimate: day("2026-03-12T00:00:00Z", false),
    tracking_page_url: trackingPageUrl,
    feedback_url: `${trackingPageUrl}#feedback`,
    order_id: "1001",
    customer_name: "Ana Lima",
    shipment: "“Blue mug” (UPS 1Z999AA10123456784)",
    latest_checkpoint: { message: "Arrived at facility", location: "Köln, DE", time: day("2026-03-10T14:05:00Z", true) },
  };
}
