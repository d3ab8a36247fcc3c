import { z } from "zod";
import { type EventTime, eventTimeFromLocal, splitIsoDateTime } from "@/lib/carriers/event-time";
import { type CheckpointDraft, deriveShipmentFacts, finalizeCheckpoints } from "@/lib/carriers/normalize";
import { CarrierError, type TrackResult } from "@/lib/carriers/types";
import { parseXml } from "@/lib/carriers/xml";
import { purolatorScanStatus } from "./status-map";

/** An empty element (`<Errors/>`) arrives as "": it means the same as an absent one. */
const optional = <T extends z.ZodTypeAny>(schema: T) => z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

const responseInformation = optional(
  z.object({
    Errors: optional(z.object({ Error: z.array(z.object({ Code: z.string().optional(), Description: z.string().optional() })).optional() })),
  }),
);

const scan = z.object({
  ScanType: z.string().optional(),
  Depot: optional(z.object({ Name: z.string().optional() })),
  ScanDate: z.string().optional(),
  ScanTime: z.string().optional(),
  Description: z.string().optional(),
  // Filled on `DeliveryScan`s only.
  ScanDetails: optional(z.object({ DeliverySignature: z.string().optional() })),
});

const trackingInformation = z.object({
  PIN: z.object({ Value: z.string() }),
  Scans: optional(z.object({ Scan: z.array(scan).optional() })),
  ResponseInformation: responseInformation,
});

const answer = z.object({
  Envelope: z.object({
    Body: z.object({
      TrackPackagesByPinResponse: z.object({
        ResponseInformation: responseInformation,
        TrackingInformationList: optional(z.object({ TrackingInformation: z.array(trackingInformation).optional() })),
      }),
    }),
  }),
});

type ResponseInformation = z.infer<typeof responseInformation>;
type Scan = z.infer<typeof scan>;

/** A SOAP answer as objects, or null when the body is not XML (IIS's HTML error pages). */
export function readSoap(body: unknown): Record<string, unknown> | null {
  if (typeof body !== "string") return null;
  try {
    return parseXml(body, { arrays: ["TrackingInformation", "Scan", "Error"] });
  } catch {
    return null;
  }
}

/** `faultcode faultstring` of a SOAP fault, or undefined when the answer is not one. */
export function soapFaultDetail(envelope: Record<string, unknown>): string | undefined {
  const fault = (envelope.Envelope as { Body?: { Fault?: { faultcode?: unknown; faultstring?: unknown } } } | undefined)?.Body?.Fault;
  return fault ? [fault.faultcode, fault.faultstring].filter((part) => typeof part === "string").join(" ") : undefined;
}

const errorsOf = (information: ResponseInformation) =>
  (information?.Errors?.Error ?? [])
    .map((error) => error.Description?.trim() || error.Code)
    .filter(Boolean)
    .join("; ") || undefined;

/**
 * `ScanDate` 2026-03-04 and `ScanTime` 142210 (HHmmss): the depot's wall-clock time. Purolator gives no
 * offset and Canada spans six zones, so the instant stays unknown (`occurredAt` null).
 */
export function purolatorScanTime(date: string | undefined, time: string | undefined): EventTime | null {
  if (!date || !/^\d{1,6}$/.test(time ?? "")) return null;
  // Clients that read the time as a number drop its leading zero (83704 for 08:37:04).
  const digits = time!.padStart(6, "0");
  const split = splitIsoDateTime(`${date}T${digits.slice(0, 2)}:${digits.slice(2, 4)}:${digits.slice(4, 6)}`);
  return split ? eventTimeFromLocal(split.local, null) : null;
}

const PROVINCES = new Set(["AB", "BC", "MB", "NB", "NL", "NS", "NT", "NU", "ON", "PE", "QC", "PQ", "SK", "YT"]);

/** "BURNABY, BC" → the depot's city and province; "Purolator" (a scan with no depot) is no place. */
function place(name: string | undefined): Pick<CheckpointDraft, "location" | "city" | "state" | "country"> {
  const trimmed = name?.trim();
  if (!trimmed || trimmed.toUpperCase() === "PUROLATOR") return { location: null };
  const match = /^(.+),\s*([A-Z]{2})$/.exec(trimmed);
  if (!match) return { location: trimmed };
  return { location: trimmed, city: match[1], state: match[2], country: PROVINCES.has(match[2]!) ? "CA" : null };
}

function parseScans(scans: Scan[]): TrackResult {
  const drafts: CheckpointDraft[] = [];
  for (const entry of scans) {
    const time = purolatorScanTime(entry.ScanDate, entry.ScanTime);
    if (!time) continue;
    const message = entry.Description?.trim() ?? "";
    const signed = Boolean(entry.ScanDetails?.DeliverySignature?.trim());
    drafts.push({
      ...time,
      ...place(entry.Depot?.Name),
      message,
      status: purolatorScanStatus(entry.ScanType, message, signed),
      rawTag: entry.ScanType ?? null,
    });
  }
  // Scans come newest first, as the normaliser expects.
  const checkpoints = finalizeCheckpoints(drafts);
  const signature = scans.find((entry) => entry.ScanType === "Delivery" && entry.ScanDetails?.DeliverySignature?.trim());
  const shipment = deriveShipmentFacts(checkpoints, {
    signedBy: signature?.ScanDetails?.DeliverySignature?.trim() ?? null,
    originCountryIso3: checkpoints.find((checkpoint) => checkpoint.countryIso3)?.countryIso3 ?? null,
  });
  return { kind: "found", checkpoints, shipment };
}

/**
 * A `TrackPackagesByPin` answer, one result per asked PIN (keyed upper-case): its scans, or not found with
 * Purolator's error for that PIN (or for the request) when it has none.
 */
export function parsePurolatorResponse(envelope: Record<string, unknown>, pins: readonly string[]): Map<string, TrackResult> {
  const parsed = answer.safeParse(envelope);
  if (!parsed.success) throw new CarrierError("unavailable", `Purolator sent an unreadable answer: ${parsed.error.message}`);
  const response = parsed.data.Envelope.Body.TrackPackagesByPinResponse;
  const byPin = new Map((response.TrackingInformationList?.TrackingInformation ?? []).map((information) => [information.PIN.Value.toUpperCase(), information]));
  const requestErrors = errorsOf(response.ResponseInformation);
  return new Map(
    pins.map((pin): [string, TrackResult] => {
      const information = byPin.get(pin.toUpperCase());
      const scans = information?.Scans?.Scan ?? [];
      if (scans.length > 0) return [pin.toUpperCase(), parseScans(scans)];
      const message = errorsOf(information?.ResponseInformation) ?? requestErrors ?? "Purolator has no scans for this PIN yet";
      return [pin.toUpperCase(), { kind: "not_found", message }];
    }),
  );
}
