import { z } from "zod";
import { countryIso3 } from "@/lib/countries";
import { estimatedDate, eventTimeFromIsoInZone } from "@/lib/carriers/event-time";
import { type CheckpointDraft, deriveShipmentFacts, finalizeCheckpoints } from "@/lib/carriers/normalize";
import { CarrierError, type ShipmentFacts, type TrackResult } from "@/lib/carriers/types";
import { royalmailEventStatus } from "./status-map";

const mailPiece = z.object({
  mailPieceId: z.string().nullish(),
  summary: z
    .object({
      productName: z.string().nullish(),
      originCountryCode: z.string().nullish(),
      destinationCountryCode: z.string().nullish(),
      statusCategory: z.string().nullish(),
    })
    .nullish(),
  signature: z.object({ recipientName: z.string().nullish() }).nullish(),
  estimatedDelivery: z.object({ date: z.string().nullish() }).nullish(),
  events: z
    .array(
      z.object({ eventCode: z.string().nullish(), eventName: z.string().nullish(), eventDateTime: z.string().nullish(), locationName: z.string().nullish() }),
    )
    .nullish(),
});

const answer = z.object({ mailPieces: mailPiece });

/** Royal Mail's clocks are in the UK: a UTC stamp is shown as London wall-clock time. */
const HOME_ZONE = "Europe/London";

/** A `GET /mailpieces/v2/{id}/events` answer (HTTP 200); events come newest first. */
export function parseRoyalmailResponse(body: unknown): TrackResult {
  const parsed = answer.safeParse(body);
  if (!parsed.success) throw new CarrierError("unavailable", `Royal Mail sent an unreadable answer: ${parsed.error.message}`);
  const piece = parsed.data.mailPieces;
  const drafts: CheckpointDraft[] = [];
  (piece.events ?? []).forEach((event, index) => {
    const time = event.eventDateTime ? eventTimeFromIsoInZone(event.eventDateTime, HOME_ZONE) : null;
    if (!time) return;
    drafts.push({
      ...time,
      message: event.eventName ?? "",
      location: event.locationName ?? null,
      status: royalmailEventStatus(event.eventCode, { newest: index === 0, statusCategory: piece.summary?.statusCategory }),
      rawTag: event.eventCode ?? null,
    });
  });
  const checkpoints = finalizeCheckpoints(drafts);
  const reported: ShipmentFacts = {
    signedBy: piece.signature?.recipientName?.trim() || null,
    expectedDelivery: estimatedDate(piece.estimatedDelivery?.date),
    shipmentType: piece.summary?.productName ?? null,
    originCountryIso3: countryIso3(piece.summary?.originCountryCode),
    destinationCountryIso3: countryIso3(piece.summary?.destinationCountryCode),
  };
  return { kind: "found", checkpoints, shipment: deriveShipmentFacts(checkpoints, reported) };
}
