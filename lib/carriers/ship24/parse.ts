import { z } from "zod";
import { countryIso3 } from "@/lib/countries";
import { estimatedDate, eventTimeFromIso } from "@/lib/carriers/event-time";
import { type CheckpointDraft, deriveShipmentFacts, finalizeCheckpoints } from "@/lib/carriers/normalize";
import { CarrierError, type ShipmentFacts, type TrackResult } from "@/lib/carriers/types";
import { slugForProviderCode } from "@/lib/couriers/providers/provider-codes";
import { ship24Status } from "./status-map";

const text = z.string().nullish();

const event = z.object({
  eventId: text,
  trackingNumber: text,
  status: text,
  occurrenceDatetime: text,
  order: z.number().nullish(),
  location: text,
  courierCode: text,
  statusCode: text,
  statusMilestone: text,
});

export const ship24Tracking = z.object({
  tracker: z.object({ trackerId: text, trackingNumber: text, courierCode: z.array(z.string()).nullish(), isSubscribed: z.boolean().nullish() }).nullish(),
  shipment: z
    .object({
      statusMilestone: text,
      originCountryCode: text,
      destinationCountryCode: text,
      delivery: z
        .object({ estimatedDeliveryDate: text, courierEstimatedDeliveryDate: z.object({ from: text, to: text }).nullish(), service: text, signedBy: text })
        .nullish(),
      trackingNumbers: z.array(z.object({ tn: z.string() })).nullish(),
    })
    .nullish(),
  events: z.array(event).nullish(),
});
export type Ship24Tracking = z.infer<typeof ship24Tracking>;

/**
 * Ship24's results for a number: events newest first (order breaks ties), their `occurrenceDatetime`
 * local, with an offset, in UTC or a bare date; an event of another courier (a hand-over) names it.
 */
export function parseShip24Tracking(raw: unknown, courierCode: string | null): TrackResult {
  const parsed = ship24Tracking.safeParse(raw);
  if (!parsed.success) throw new CarrierError("unavailable", `Ship24 sent unreadable results: ${parsed.error.message}`);
  const { shipment, events = [], tracker } = parsed.data;
  const ordered = [...(events ?? [])].sort((a, b) => (b.order ?? 0) - (a.order ?? 0));
  const drafts: CheckpointDraft[] = [];
  let otherLeg: { trackingNumber: string; slug: string | null } | null = null;
  for (const scan of ordered) {
    const time = scan.occurrenceDatetime ? eventTimeFromIso(scan.occurrenceDatetime) : null;
    if (!time) continue;
    const legCode = scan.courierCode && scan.courierCode !== courierCode ? scan.courierCode : null;
    const legSlug = legCode ? slugForProviderCode("ship24", legCode) : undefined;
    if (legCode && scan.trackingNumber && scan.trackingNumber !== tracker?.trackingNumber)
      otherLeg = { trackingNumber: scan.trackingNumber, slug: legSlug ?? null };
    drafts.push({
      ...time,
      message: scan.status ?? "",
      location: scan.location,
      status: ship24Status(scan.statusCode, scan.statusMilestone),
      rawTag: scan.statusCode ?? scan.statusMilestone ?? null,
      ...(legSlug ? { slug: legSlug } : {}),
    });
  }
  if (!drafts.length) return { kind: "not_found", message: "Registered with Ship24: waiting for its first result." };
  const checkpoints = finalizeCheckpoints(drafts);
  const delivery = shipment?.delivery;
  const reported: ShipmentFacts = {
    expectedDelivery: estimatedDate(delivery?.estimatedDeliveryDate ?? delivery?.courierEstimatedDeliveryDate?.to),
    serviceType: delivery?.service ?? null,
    signedBy: delivery?.signedBy ?? null,
    originCountryIso3: countryIso3(shipment?.originCountryCode),
    destinationCountryIso3: countryIso3(shipment?.destinationCountryCode),
    lastMile: otherLeg,
  };
  return { kind: "found", checkpoints, shipment: deriveShipmentFacts(checkpoints, reported) };
}
