import { z } from "zod";
import { countryIso3 } from "@/lib/countries";
import { calendarDate, type EventTime, eventTimeFromLocal, normalizeOffset, offsetBetween } from "@/lib/carriers/event-time";
import { type CheckpointDraft, deriveShipmentFacts, finalizeCheckpoints } from "@/lib/carriers/normalize";
import { UPS_IGNORED_STATUS_CODES, upsActivityStatus } from "@/lib/carriers/ups/status-map";
import { CarrierError, type ShipmentFacts, type TrackResult } from "@/lib/carriers/types";

const address = z
  .object({
    city: z.string().nullish(),
    stateProvince: z.string().nullish(),
    postalCode: z.string().nullish(),
    countryCode: z.string().nullish(),
    country: z.string().nullish(),
  })
  .nullish();

const activity = z.object({
  date: z.string().nullish(),
  time: z.string().nullish(),
  gmtDate: z.string().nullish(),
  gmtTime: z.string().nullish(),
  gmtOffset: z.string().nullish(),
  location: z.object({ address }).nullish(),
  status: z
    .object({
      type: z.string().nullish(),
      code: z.string().nullish(),
      statusCode: z.string().nullish(),
      description: z.string().nullish(),
    })
    .nullish(),
});

const dated = z.object({ type: z.string().nullish(), date: z.string().nullish() });

const upsPackage = z.object({
  trackingNumber: z.string().nullish(),
  activity: z.array(activity).nullish(),
  deliveryDate: z.array(dated).nullish(),
  deliveryTime: z.object({ type: z.string().nullish(), endTime: z.string().nullish() }).nullish(),
  deliveryInformation: z.object({ receivedBy: z.string().nullish() }).nullish(),
  packageAddress: z.array(z.object({ type: z.string().nullish(), address })).nullish(),
  service: z.object({ code: z.string().nullish(), description: z.string().nullish() }).nullish(),
  weight: z.object({ weight: z.string().nullish(), unitOfMeasurement: z.string().nullish() }).nullish(),
  packageCount: z.number().nullish(),
});

const upsTrackResponse = z.object({
  trackResponse: z.object({
    shipment: z.array(
      z.object({
        inquiryNumber: z.string().nullish(),
        pickupDate: z.string().nullish(),
        package: z.array(upsPackage).nullish(),
        warnings: z.array(z.object({ code: z.string().nullish(), message: z.string().nullish() })).nullish(),
      }),
    ),
  }),
});

/** "070700", "74700" (leading zero dropped) or "07:07:00" → "07:07:00". */
function upsTime(value: string | null | undefined): string | null {
  const digits = value?.replace(/:/g, "").trim() ?? "";
  if (!/^\d{1,6}$/.test(digits)) return null;
  const padded = digits.padStart(6, "0");
  return `${padded.slice(0, 2)}:${padded.slice(2, 4)}:${padded.slice(4, 6)}`;
}

/**
 * UPS gives the local date and time without a zone, plus (usually) the GMT date, time and
 * offset. The offset is taken as given; when only the GMT time exists it is derived from it.
 */
function upsEventTime(scan: z.infer<typeof activity>): EventTime | null {
  const date = calendarDate(scan.date);
  const time = upsTime(scan.time);
  if (!date || !time) return null;
  const local = `${date}T${time}`;
  const offset = normalizeOffset(scan.gmtOffset ?? "");
  if (offset) return eventTimeFromLocal(local, offset);
  const gmtDate = calendarDate(scan.gmtDate);
  const gmtTime = upsTime(scan.gmtTime);
  if (!gmtDate || !gmtTime) return eventTimeFromLocal(local, null);
  // A GMT time more than 14 hours from the local one is wrong on one side: trust neither.
  return eventTimeFromLocal(local, offsetBetween(local, `${gmtDate}T${gmtTime}`));
}

const WEIGHT_UNITS: Record<string, string> = { KGS: "kg", LBS: "lb" };

/** A `GET /api/track/v1/details/{inquiryNumber}` answer (HTTP 200). */
export function parseUpsResponse(body: unknown, trackingNumber: string): TrackResult {
  const parsed = upsTrackResponse.safeParse(body);
  if (!parsed.success) throw new CarrierError("unavailable", `UPS sent an unreadable answer: ${parsed.error.message}`);
  const shipment = parsed.data.trackResponse.shipment[0];
  // A multi-piece shipment lists every package: prefer the one asked about.
  const found = shipment?.package?.find((candidate) => candidate.trackingNumber === trackingNumber) ?? shipment?.package?.[0];
  if (!shipment || !found) {
    // Not found arrives as a 200 with warning TW0001 and no package.
    const warning = shipment?.warnings?.[0];
    return { kind: "not_found", message: warning?.message ?? "Tracking Information Not Found" };
  }
  const receivedBy = found.deliveryInformation?.receivedBy?.trim() || null;
  const drafts: CheckpointDraft[] = [];
  for (const scan of found.activity ?? []) {
    const time = upsEventTime(scan);
    if (!time || UPS_IGNORED_STATUS_CODES.has(scan.status?.statusCode?.padStart(3, "0") ?? "")) continue;
    const place = scan.location?.address;
    drafts.push({
      ...time,
      message: scan.status?.description ?? "",
      city: place?.city,
      state: place?.stateProvince,
      zip: place?.postalCode,
      country: place?.countryCode ?? place?.country,
      status: upsActivityStatus(scan.status ?? {}, receivedBy !== null),
      rawTag: scan.status?.code ?? scan.status?.statusCode ?? scan.status?.type ?? null,
    });
  }
  const checkpoints = finalizeCheckpoints(drafts);
  const dateOf = (type: string) => calendarDate(found.deliveryDate?.find((entry) => entry.type === type)?.date);
  const delivered = dateOf("DEL");
  const deliveredTime = found.deliveryTime?.type === "DEL" ? upsTime(found.deliveryTime.endTime) : null;
  const weight = Number(found.weight?.weight);
  const addressOf = (type: string) => found.packageAddress?.find((entry) => entry.type === type)?.address;
  const reported: ShipmentFacts = {
    signedBy: receivedBy,
    expectedDelivery: dateOf("RDD") ?? dateOf("SDD"),
    shipmentType: found.service?.description ?? null,
    serviceType: found.service?.code ?? null,
    shipmentWeight: Number.isFinite(weight) && found.weight?.weight ? weight : null,
    shipmentWeightUnit: WEIGHT_UNITS[found.weight?.unitOfMeasurement ?? ""] ?? found.weight?.unitOfMeasurement ?? null,
    shipmentPackageCount: found.packageCount ?? null,
    shipmentPickupDate: calendarDate(shipment.pickupDate),
    shipmentDeliveryDate: delivered ? (deliveredTime ? `${delivered}T${deliveredTime}` : delivered) : null,
    originCountryIso3: countryIso3(addressOf("ORIGIN")?.countryCode),
    destinationCountryIso3: countryIso3(addressOf("DESTINATION")?.countryCode),
  };
  return { kind: "found", checkpoints, shipment: deriveShipmentFacts(checkpoints, reported) };
}
