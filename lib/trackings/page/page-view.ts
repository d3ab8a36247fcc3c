import type { Checkpoint, TrackingPageSettings } from "@/db/schema";
import type { Tag } from "@/lib/tags";
import { getCourier } from "@/lib/couriers/get-courier";
import { deriveFields } from "@/lib/trackings/derive-fields";
import type { TrackingRecord } from "@/lib/trackings/tracking-record";
import { SHOPPER_TEXTS, type PageLanguage } from "../shopper-texts";
import type { PageTokenKind } from "./token";
import { checkpointPlace } from "@/lib/trackings/checkpoint-place";
import { maskingOf, NO_MASKING, visibleCheckpoints, type PageMasking } from "./masking";
import { scanWording } from "./subtag-wording";

/** One shipment as its page shows it: words, not codes; local times; no personal data in the public view. */
export interface PageShipment {
  trackingNumber: string;
  tag: Tag;
  status: string;
  /** Reached milestones of ordered, shipped, out for delivery, delivered (1–4). */
  milestone: number;
  problem: boolean;
  /** "12 March 2026" or "12 – 14 March 2026"; null without an estimate. */
  estimate: string | null;
  deliveredOn: string | null;
  /** Newest first. `message` is what the page shows; `original`, the carrier's words when `message` is their translation. */
  events: Array<{ time: string; message: string; original: string | null; place: string | null }>;
  /** Null when the merchant hides the courier. */
  courier: { name: string; link: string | null } | null;
  /** Only in the full view (the merchant's link, or a lookup with the order's e-mail or postal code). */
  order: { number: string | null; customerName: string | null } | null;
}

const MILESTONE: Record<Tag, number> = {
  Pending: 1,
  InfoReceived: 1,
  InTransit: 2,
  Exception: 2,
  Expired: 2,
  AttemptFail: 3,
  OutForDelivery: 3,
  AvailableForPickup: 3,
  Delivered: 4,
};

// Making a formatter costs far more than using one: one per locale and style, kept.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(locale: string, withTime: boolean): Intl.DateTimeFormat {
  const key = `${locale}|${withTime}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(locale, withTime ? { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" } : { dateStyle: "long", timeZone: "UTC" });
    formatters.set(key, found);
  }
  return found;
}
const calendar = (locale: string) => formatter(locale, false);

function formatDate(date: string, locale: string): string {
  const instant = new Date(`${date.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(instant.getTime()) ? date : calendar(locale).format(instant);
}

function estimateOf(record: TrackingRecord, locale: string): string | null {
  const { tracking } = record;
  if (tracking.expectedDelivery) return formatDate(tracking.expectedDelivery, locale);
  const range = tracking.waybillEstimate;
  if (range) {
    if (range.estimated_delivery_date_min === range.estimated_delivery_date_max) return formatDate(range.estimated_delivery_date_min, locale);
    const from = new Date(`${range.estimated_delivery_date_min}T00:00:00Z`);
    const to = new Date(`${range.estimated_delivery_date_max}T00:00:00Z`);
    return calendar(locale).formatRange(from, to);
  }
  return tracking.orderPromisedDeliveryDate ? formatDate(tracking.orderPromisedDeliveryDate, locale) : null;
}

/** The scan's own clock reading (checkpoint_time has no offset), as people there read it. */
function localTime(checkpoint: Checkpoint, locale: string): string {
  const instant = new Date(`${checkpoint.checkpointTime}Z`);
  if (Number.isNaN(instant.getTime())) return checkpoint.checkpointTime;
  return formatter(locale, true).format(instant);
}

/** How the merchant has the page show shipments (Settings → Tracking page). */
export interface PageShipmentOptions {
  masking: PageMasking;
  scanWording: NonNullable<TrackingPageSettings["scanWording"]>;
}

export const pageShipmentOptions = (settings: TrackingPageSettings): PageShipmentOptions => ({
  masking: maskingOf(settings),
  scanWording: settings.scanWording ?? "both",
});

/** A scan's words: the carrier's, or (for a known phrase) the page language's with the carrier's kept beside them. */
function eventWords(checkpoint: Checkpoint, language: PageLanguage, wording: PageShipmentOptions["scanWording"]) {
  const carrier = checkpoint.message || checkpoint.subtagMessage;
  const translated = wording === "original" ? null : scanWording(checkpoint, language);
  return translated ? { message: translated, original: carrier } : { message: carrier, original: null };
}

export function pageShipment(
  record: TrackingRecord,
  kind: PageTokenKind,
  language: PageLanguage,
  options: PageShipmentOptions = { masking: NO_MASKING, scanWording: "both" },
): PageShipment {
  const { tracking } = record;
  const checkpoints = visibleCheckpoints(record, options.masking);
  const texts = SHOPPER_TEXTS[language];
  const tag = tracking.tag as Tag;
  const derived = deriveFields(record);
  return {
    trackingNumber: tracking.trackingNumber,
    tag,
    status: texts.status[tag],
    milestone: MILESTONE[tag],
    problem: tag === "Exception" || tag === "AttemptFail" || tag === "Expired",
    estimate: tag === "Delivered" ? null : estimateOf(record, texts.locale),
    deliveredOn: derived.shipmentDeliveryDate ? formatDate(derived.shipmentDeliveryDate, texts.locale) : null,
    events: checkpoints
      .map((checkpoint) => ({
        time: localTime(checkpoint, texts.locale),
        ...eventWords(checkpoint, language, options.scanWording),
        place: checkpointPlace(checkpoint),
      }))
      .reverse(),
    courier: options.masking.hideCourier ? null : { name: getCourier(tracking.slug)?.name ?? tracking.slug, link: derived.courierTrackingLink },
    // Only the first name: enough to reassure, not enough to identify.
    order: kind === "full" ? { number: tracking.orderNumber ?? tracking.orderId, customerName: tracking.customerName?.trim().split(/\s+/)[0] ?? null } : null,
  };
}
