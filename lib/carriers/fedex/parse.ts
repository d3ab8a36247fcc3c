import { z } from "zod";
import { countryIso3 } from "@/lib/countries";
import { estimatedDate, eventTimeFromIso, sortableTime } from "@/lib/carriers/event-time";
import { fedexScanStatus } from "@/lib/carriers/fedex/status-map";
import { type CheckpointDraft, deriveShipmentFacts, finalizeCheckpoints } from "@/lib/carriers/normalize";
import { CarrierError, type ShipmentFacts, type TrackResult } from "@/lib/carriers/types";

const address = z
  .object({
    city: z.string().nullish(),
    stateOrProvinceCode: z.string().nullish(),
    postalCode: z.string().nullish(),
    countryCode: z.string().nullish(),
  })
  .nullish();

const scanEvent = z.object({
  date: z.string(),
  eventType: z.string().nullish(),
  eventDescription: z.string().nullish(),
  exceptionCode: z.string().nullish(),
  exceptionDescription: z.string().nullish(),
  derivedStatusCode: z.string().nullish(),
  scanLocation: address,
});

const weight = z.array(z.object({ value: z.union([z.string(), z.number()]).nullish(), unit: z.string().nullish() }));

const trackResult = z.object({
  error: z.object({ code: z.string().nullish(), message: z.string().nullish() }).nullish(),
  scanEvents: z.array(scanEvent).nullish(),
  dateAndTimes: z.array(z.object({ type: z.string().nullish(), dateTime: z.string().nullish() })).nullish(),
  estimatedDeliveryTimeWindow: z.object({ window: z.object({ ends: z.string().nullish() }).nullish() }).nullish(),
  deliveryDetails: z.object({ signedByName: z.string().nullish(), receivedByName: z.string().nullish() }).nullish(),
  serviceDetail: z.object({ type: z.string().nullish(), description: z.string().nullish() }).nullish(),
  packageDetails: z
    .object({
      count: z.union([z.string(), z.number()]).nullish(),
      weightAndDimensions: z.object({ weight: weight.nullish() }).nullish(),
    })
    .nullish(),
  shipmentDetails: z.object({ weight: weight.nullish() }).nullish(),
  shipperInformation: z.object({ address }).nullish(),
  recipientInformation: z.object({ address }).nullish(),
});

const completeTrackResult = z.object({ trackingNumber: z.string(), trackResults: z.array(trackResult) });

const fedexTrackResponse = z.object({ output: z.object({ completeTrackResults: z.array(completeTrackResult) }) });

type FedexTrackResult = z.infer<typeof trackResult>;

const WEIGHT_UNITS: Record<string, string> = { KG: "kg", LB: "lb" };

/** Newest scan time of a result, to choose among results of a reused number. */
function newestScan(result: FedexTrackResult): number {
  return Math.max(
    Number.NEGATIVE_INFINITY,
    ...(result.scanEvents ?? []).map((scan) => {
      const time = eventTimeFromIso(scan.date);
      return time ? sortableTime(time) : Number.NEGATIVE_INFINITY;
    }),
  );
}

/**
 * A `POST /track/v1/trackingnumbers` answer, keyed by tracking number. Numbers FedEx does not
 * know come back inside the 200 with a per-number error.
 */
export function parseFedexResponse(body: unknown): Map<string, TrackResult> {
  const parsed = fedexTrackResponse.safeParse(body);
  if (!parsed.success) throw new CarrierError("unavailable", `FedEx sent an unreadable answer: ${parsed.error.message}`);
  const results = new Map<string, TrackResult>();
  for (const complete of parsed.data.output.completeTrackResults) {
    // A result with an error can still carry scans (FedEx's own example has one): the scans count, the error does not.
    const usable = complete.trackResults.filter((result) => !result.error?.code || (result.scanEvents?.length ?? 0) > 0);
    // A reused number returns one result per shipment: the most recently scanned is the live one.
    const chosen = usable.sort((a, b) => newestScan(b) - newestScan(a))[0];
    if (chosen) {
      results.set(complete.trackingNumber, parseTrackResult(chosen));
    } else {
      const error = complete.trackResults[0]?.error;
      results.set(complete.trackingNumber, {
        kind: "not_found",
        message: error?.message ?? error?.code ?? "Tracking number cannot be found.",
      });
    }
  }
  return results;
}

function parseTrackResult(result: FedexTrackResult): TrackResult {
  const signedBy = result.deliveryDetails?.signedByName?.trim() || result.deliveryDetails?.receivedByName?.trim() || null;
  const drafts: CheckpointDraft[] = [];
  for (const scan of result.scanEvents ?? []) {
    const time = eventTimeFromIso(scan.date);
    if (!time) continue;
    const place = scan.scanLocation;
    const exception = scan.exceptionDescription?.trim();
    drafts.push({
      ...time,
      message: [scan.eventDescription?.trim(), exception].filter(Boolean).join(": "),
      city: place?.city,
      state: place?.stateOrProvinceCode,
      zip: place?.postalCode,
      country: place?.countryCode,
      status: fedexScanStatus(scan, signedBy !== null),
      rawTag: scan.eventType ?? scan.derivedStatusCode ?? null,
    });
  }
  const checkpoints = finalizeCheckpoints(drafts);
  const dateOf = (type: string) => {
    const value = result.dateAndTimes?.find((entry) => entry.type === type)?.dateTime;
    const time = value ? eventTimeFromIso(value) : null;
    return time ? (time.occurredAt ?? time.checkpointTime) : null;
  };
  const weights = result.shipmentDetails?.weight ?? result.packageDetails?.weightAndDimensions?.weight ?? [];
  const firstWeight = weights[0];
  const weightValue = Number(firstWeight?.value);
  const estimate = dateOf("ESTIMATED_DELIVERY") ?? result.estimatedDeliveryTimeWindow?.window?.ends ?? null;
  const count = Number(result.packageDetails?.count);
  const reported: ShipmentFacts = {
    signedBy,
    expectedDelivery: estimatedDate(estimate),
    shipmentType: result.serviceDetail?.description ?? null,
    serviceType: result.serviceDetail?.type ?? null,
    shipmentWeight: Number.isFinite(weightValue) && firstWeight?.value != null ? weightValue : null,
    shipmentWeightUnit: firstWeight?.unit ? (WEIGHT_UNITS[firstWeight.unit] ?? firstWeight.unit) : null,
    shipmentPackageCount: Number.isInteger(count) && count > 0 ? count : null,
    shipmentPickupDate: dateOf("ACTUAL_PICKUP"),
    shipmentDeliveryDate: dateOf("ACTUAL_DELIVERY"),
    originCountryIso3: countryIso3(result.shipperInformation?.address?.countryCode),
    destinationCountryIso3: countryIso3(result.recipientInformation?.address?.countryCode),
  };
  return { kind: "found", checkpoints, shipment: deriveShipmentFacts(checkpoints, reported) };
}
