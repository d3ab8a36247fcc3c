import { z } from "zod";
import { countryIso3 } from "@/lib/countries";
import { type EventTime, eventTimeFromIsoInZone, eventTimeInZone } from "@/lib/carriers/event-time";
import { type CheckpointDraft, deriveShipmentFacts, finalizeCheckpoints } from "@/lib/carriers/normalize";
import { type ShipmentFacts, type TrackResult } from "@/lib/carriers/types";
import { auspostEventStatus } from "./status-map";

const event = z.object({ location: z.string().nullish(), description: z.string().nullish(), date: z.string().nullish() });

const article = z.object({
  article_id: z.string().nullish(),
  product_type: z.string().nullish(),
  status: z.string().nullish(),
  events: z.array(event).nullish(),
});

/** An article, or a consignment whose articles are in `items`. */
const trackableItem = article.extend({
  consignment_id: z.string().nullish(),
  number_of_items: z.number().nullish(),
  items: z.array(article).nullish(),
});

/** One tracking id's entry of a `/shipping/v1/track` answer: its items, or its errors (ESB-10001 and the like). */
export const auspostResult = z.object({
  tracking_id: z.string(),
  status: z.string().nullish(),
  trackable_items: z.array(trackableItem).nullish(),
  errors: z.array(z.object({ code: z.string().nullish(), name: z.string().nullish(), message: z.string().nullish() })).nullish(),
});
export type AuspostResult = z.infer<typeof auspostResult>;

/** A UTC stamp, should one come, is shown as Melbourne time, where Australia Post's systems are. */
const HOME_ZONE = "Australia/Melbourne";

// The API stamps every event in one zone (its sample answers put Brisbane and Chicago scans at +11:00
// in January, though Brisbane keeps +10:00), so a scan in a known state is shown in that state's time.
const STATE_ZONES: Record<string, string> = {
  ACT: "Australia/Sydney",
  NSW: "Australia/Sydney",
  NT: "Australia/Darwin",
  QLD: "Australia/Brisbane",
  SA: "Australia/Adelaide",
  TAS: "Australia/Hobart",
  VIC: "Australia/Melbourne",
  WA: "Australia/Perth",
};

const AUSTRALIAN_PLACE = /^(?<city>.+?)\s+(?<state>ACT|NSW|NT|QLD|SA|TAS|VIC|WA)(?:\s+(?<zip>\d{4}))?$/;
const FOREIGN_PLACE = /^(?<city>.+?)\s*\((?<country>[A-Z]{2})\)$/;
/** S10 numbers (`LX123456789US`) end with the country that accepted the item. */
const S10_NUMBER = /^[A-Z]{2}\d{9}([A-Z]{2})$/;

interface Place {
  city?: string;
  state?: string;
  zip?: string;
  country?: string;
  zone?: string;
}

/** "KEW VIC", "SUNSHINE WEST VIC 3020" or "CHICAGO (US)"; other locations ("Transit Scan") stay as text only. */
function placeOf(location: string): Place {
  const australian = AUSTRALIAN_PLACE.exec(location)?.groups;
  if (australian) return { ...australian, country: "AU", zone: STATE_ZONES[australian.state ?? ""] };
  return FOREIGN_PLACE.exec(location)?.groups ?? {};
}

function eventTime(date: string, zone: string | undefined): EventTime | null {
  const time = eventTimeFromIsoInZone(date, HOME_ZONE);
  return time?.occurredAt && zone ? eventTimeInZone(new Date(time.occurredAt), zone) : time;
}

/** One tracking id's entry; a per-item error or an entry without items is "not found" for that number. */
export function parseAuspostResult(result: AuspostResult): TrackResult {
  const error = result.errors?.[0];
  if (error) return { kind: "not_found", message: [error.code, error.name ?? error.message].filter(Boolean).join(" ") || "Unknown tracking ID" };
  const trackables = result.trackable_items ?? [];
  if (trackables.length === 0) return { kind: "not_found", message: "Australia Post has no items for this tracking ID" };

  const articles = trackables.flatMap((trackable) => (trackable.items?.length ? trackable.items : [trackable]));
  const drafts: CheckpointDraft[] = [];
  for (const item of articles) {
    // Events come newest first; the newest may fall back on the item's own status.
    (item.events ?? []).forEach((scan, index) => {
      const place = scan.location ? placeOf(scan.location.trim()) : {};
      const time = scan.date ? eventTime(scan.date, place.zone) : null;
      if (!time) return;
      const description = scan.description ?? "";
      drafts.push({
        ...time,
        message: description,
        location: scan.location ?? null,
        city: place.city ?? null,
        state: place.state ?? null,
        zip: place.zip ?? null,
        country: place.country ?? null,
        status: auspostEventStatus(description, { newest: index === 0, itemStatus: item.status ?? result.status }),
        rawTag: null,
      });
    });
  }
  const checkpoints = finalizeCheckpoints(drafts);
  const product = articles.find((item) => item.product_type)?.product_type ?? null;
  const origin = countryIso3(S10_NUMBER.exec(result.tracking_id.toUpperCase())?.[1]);
  const reported: ShipmentFacts = {
    shipmentType: product,
    serviceType: product,
    shipmentPackageCount: trackables[0]?.number_of_items ?? articles.length,
    originCountryIso3: origin,
    // An item accepted abroad is tracked by Australia Post because it is coming to Australia.
    destinationCountryIso3: origin && origin !== "AUS" ? "AUS" : null,
  };
  return { kind: "found", checkpoints, shipment: deriveShipmentFacts(checkpoints, reported) };
}
