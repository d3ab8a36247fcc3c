import { z } from "zod";
import { countryIso3 } from "@/lib/countries";
import { estimatedDate, eventTimeFromIsoInZone } from "@/lib/carriers/event-time";
import { type CheckpointDraft, deriveShipmentFacts, finalizeCheckpoints } from "@/lib/carriers/normalize";
import { CarrierError, type ShipmentFacts, type TrackResult } from "@/lib/carriers/types";
import { laposteEventStatus } from "./status-map";

const event = z.object({ code: z.string().nullish(), label: z.string().nullish(), date: z.string().nullish() });

const shipment = z.object({
  idShip: z.string().nullish(),
  product: z.string().nullish(),
  isFinal: z.boolean().nullish(),
  deliveryDate: z.string().nullish(),
  estimDate: z.string().nullish(),
  event: z.array(event).nullish(),
  contextData: z
    .object({
      originCountry: z.string().nullish(),
      arrivalCountry: z.string().nullish(),
      removalPoint: z.object({ name: z.string().nullish() }).nullish(),
    })
    .nullish(),
});

/** One item of a Suivi v2 answer: `returnCode` 200 with a shipment, or an error code for that number. */
export const laposteItem = z.object({
  idShip: z.string().nullish(),
  returnCode: z.number(),
  returnMessage: z.string().nullish(),
  shipment: shipment.nullish(),
});
export type LaposteItem = z.infer<typeof laposteItem>;

/** La Poste's own clocks are in France: a UTC stamp is shown as Paris wall-clock time. */
const HOME_ZONE = "Europe/Paris";

/** One number's item with `returnCode` 200 or 207. */
export function parseLaposteShipment(item: LaposteItem): TrackResult {
  const found = item.shipment;
  if (!found) throw new CarrierError("unavailable", `La Poste answered ${item.returnCode} without a shipment`);
  const drafts: CheckpointDraft[] = [];
  for (const scan of found.event ?? []) {
    const time = scan.date ? eventTimeFromIsoInZone(scan.date, HOME_ZONE) : null;
    if (!time) continue;
    drafts.push({
      ...time,
      message: scan.label ?? "",
      location: scan.code === "AG1" ? (found.contextData?.removalPoint?.name ?? null) : null,
      status: laposteEventStatus(scan.code),
      rawTag: scan.code ?? null,
    });
  }
  const checkpoints = finalizeCheckpoints(drafts);
  const reported: ShipmentFacts = {
    expectedDelivery: estimatedDate(found.estimDate),
    serviceType: found.product ?? null,
    shipmentType: found.product ?? null,
    originCountryIso3: countryIso3(found.contextData?.originCountry),
    destinationCountryIso3: countryIso3(found.contextData?.arrivalCountry),
  };
  return { kind: "found", checkpoints, shipment: deriveShipmentFacts(checkpoints, reported) };
}
