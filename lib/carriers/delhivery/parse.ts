import { z } from "zod";
import { countryIso3 } from "@/lib/countries";
import { calendarDate, type EventTime, eventTimeFromIsoInZone, eventTimeFromLocal } from "@/lib/carriers/event-time";
import { type CheckpointDraft, deriveShipmentFacts, finalizeCheckpoints } from "@/lib/carriers/normalize";
import { type ShipmentFacts, type TrackResult } from "@/lib/carriers/types";
import { delhiveryScanStatus } from "./status-map";

const scanDetail = z.object({
  ScanDateTime: z.string().nullish(),
  StatusDateTime: z.string().nullish(),
  ScanType: z.string().nullish(),
  Scan: z.string().nullish(),
  StatusCode: z.string().nullish(),
  Instructions: z.string().nullish(),
  ScannedLocation: z.string().nullish(),
  geo_location: z.object({ lat: z.number().nullish(), long: z.number().nullish() }).nullish(),
});

const currentStatus = z.object({
  Status: z.string().nullish(),
  StatusType: z.string().nullish(),
  StatusCode: z.string().nullish(),
  StatusDateTime: z.string().nullish(),
  StatusLocation: z.string().nullish(),
  Instructions: z.string().nullish(),
  RecievedBy: z.string().nullish(),
});

/** One package of a `/api/v1/packages/json/` answer (`ShipmentData[].Shipment`). */
export const delhiveryShipment = z.object({
  AWB: z.union([z.string(), z.number()]).transform(String),
  Origin: z.string().nullish(),
  Consignee: z.object({ City: z.string().nullish(), State: z.string().nullish(), Country: z.string().nullish() }).nullish(),
  ExpectedDeliveryDate: z.string().nullish(),
  PromisedDeliveryDate: z.string().nullish(),
  Status: currentStatus.nullish(),
  Scans: z.array(z.object({ ScanDetail: scanDetail })).nullish(),
});
export type DelhiveryShipment = z.infer<typeof delhiveryShipment>;

/** India keeps one offset all year, and Delhivery writes its (local) times without it. */
const INDIA_ZONE = "Asia/Kolkata";
const INDIA_OFFSET = "+05:30";

function indiaTime(value: string): EventTime | null {
  const time = eventTimeFromIsoInZone(value, INDIA_ZONE);
  return time && !time.occurredAt ? eventTimeFromLocal(time.checkpointTime, INDIA_OFFSET) : time;
}

/** "Vijayawada_Gudavalli_H (Andhra Pradesh)": a facility named after its city, then the state. */
const FACILITY = /^(?<facility>[^(]+?)\s*\((?<state>[^)]+)\)$/;

function placeOf(location: string | null | undefined): Pick<CheckpointDraft, "location" | "city" | "state" | "country"> {
  const match = location ? FACILITY.exec(location.trim())?.groups : undefined;
  if (!match) return { location: location ?? null };
  return { location: location ?? null, city: match.facility?.split("_")[0] ?? null, state: match.state ?? null, country: "IN" };
}

type Scan = z.infer<typeof scanDetail>;

function draftOf(scan: Scan): CheckpointDraft | null {
  const stamp = scan.ScanDateTime ?? scan.StatusDateTime;
  const time = stamp ? indiaTime(stamp) : null;
  if (!time) return null;
  const { lat, long } = scan.geo_location ?? {};
  return {
    ...time,
    message: scan.Instructions || scan.Scan || "",
    ...placeOf(scan.ScannedLocation),
    coordinates: typeof lat === "number" && typeof long === "number" ? [lat, long] : [],
    status: delhiveryScanStatus({ type: scan.ScanType, status: scan.Scan, code: scan.StatusCode }),
    rawTag: scan.StatusCode ?? null,
  };
}

/** An estimate is a day ("2026-03-09T23:59:59": by the end of it). */
const estimateDay = (value: string | null | undefined) => calendarDate(value?.slice(0, 10));

export function parseDelhiveryShipment(shipment: DelhiveryShipment): TrackResult {
  const status = shipment.Status;
  // Some accounts get the current status only; it then stands for the history.
  const scans: Scan[] = shipment.Scans?.length
    ? shipment.Scans.map((scan) => scan.ScanDetail)
    : status
      ? [{ ...status, ScanType: status.StatusType, Scan: status.Status, ScannedLocation: status.StatusLocation }]
      : [];
  // Scans come oldest first; finalizeCheckpoints expects newest first for its tie-break.
  const drafts = scans.flatMap((scan) => draftOf(scan) ?? []).reverse();
  const checkpoints = finalizeCheckpoints(drafts);
  const delivered = status?.StatusType?.toUpperCase() === "DL" && status.Status?.toUpperCase() === "DELIVERED";
  const reported: ShipmentFacts = {
    signedBy: delivered ? status?.RecievedBy?.trim() || null : null,
    expectedDelivery: estimateDay(shipment.ExpectedDeliveryDate ?? shipment.PromisedDeliveryDate),
    // Delhivery's origin centres are all in India.
    originCountryIso3: shipment.Origin ? "IND" : null,
    destinationCountryIso3: countryIso3(shipment.Consignee?.Country),
  };
  return { kind: "found", checkpoints, shipment: deriveShipmentFacts(checkpoints, reported) };
}
