import { type FakeCarrier } from "@/testing/carriers/fake-carrier";

const HOUR_MS = 3_600_000;

/** Wall-clock parts of an instant at a fixed UTC offset, in the spellings carriers use. */
function atOffset(instantMs: number, offsetMinutes: number) {
  const shifted = new Date(instantMs + offsetMinutes * 60_000).toISOString();
  const abs = Math.abs(offsetMinutes);
  const pad = (value: number) => String(value).padStart(2, "0");
  const offset = `${offsetMinutes < 0 ? "-" : "+"}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
  const local = shifted.slice(0, 19);
  return {
    local,
    offset,
    iso: `${local}${offset}`,
    compactDate: local.slice(0, 10).replace(/-/g, ""),
    compactTime: local.slice(11).replace(/:/g, ""),
  };
}

function dhl(number: string, steps: number[]) {
  const [created, picked, arrived] = steps.map((ms) => atOffset(ms, 60));
  const location = { address: { addressLocality: "BONN - GERMANY", postalCode: "53113", countryCode: "DE" } };
  const event = (time: string, statusCode: string, text: string, withPlace = true) => ({
    timestamp: time,
    ...(withPlace ? { location } : {}),
    statusCode,
    status: text,
    description: text,
  });
  const events = [
    event(arrived!.iso, "transit", "Arrived at DHL Sort Facility BONN - GERMANY"),
    event(picked!.iso, "transit", "Shipment picked up"),
    event(created!.iso, "pre-transit", "Shipment information received", false),
  ];
  return { shipments: [{ id: number, service: "express", status: events[0], events }] };
}

function ups(number: string, steps: number[]) {
  const address = { city: "LOUISVILLE", stateProvince: "KY", postalCode: "40213", countryCode: "US", country: "US" };
  const activity = (ms: number, type: string, code: string, statusCode: string, description: string) => {
    const local = atOffset(ms, -300);
    const gmt = atOffset(ms, 0);
    return {
      location: { address },
      status: { type, code, statusCode, description },
      date: local.compactDate,
      time: local.compactTime,
      gmtDate: gmt.compactDate,
      gmtTime: gmt.local.slice(11),
      gmtOffset: local.offset,
    };
  };
  const pkg = {
    trackingNumber: number,
    activity: [
      activity(steps[2]!, "I", "AR", "005", "Arrived at Facility"),
      activity(steps[1]!, "P", "PU", "038", "Pickup Scan"),
      activity(steps[0]!, "M", "MP", "003", "Shipper created a label, UPS has not received the package yet."),
    ],
    packageCount: 1,
  };
  return { trackResponse: { shipment: [{ inquiryNumber: number, package: [pkg] }] } };
}

/** One `completeTrackResults` entry: the fake server joins entries into a batch answer. */
function fedexEntry(number: string, steps: number[]) {
  const scanLocation = { city: "MEMPHIS", stateOrProvinceCode: "TN", postalCode: "38118", countryCode: "US" };
  const scan = (ms: number, eventType: string, derivedStatusCode: string, eventDescription: string) => ({
    date: atOffset(ms, -360).iso,
    eventType,
    eventDescription,
    derivedStatusCode,
    scanLocation,
  });
  return {
    trackingNumber: number,
    trackResults: [
      {
        trackingNumberInfo: { trackingNumber: number, carrierCode: "FDXE" },
        scanEvents: [
          scan(steps[2]!, "AR", "IT", "Arrived at FedEx location"),
          scan(steps[1]!, "PU", "PU", "Picked up"),
          scan(steps[0]!, "OC", "IN", "Shipment information sent to FedEx"),
        ],
      },
    ],
  };
}

function usps(number: string, steps: number[]) {
  const event = (ms: number, eventCode: string, eventType: string) => {
    const local = atOffset(ms, -360);
    return {
      eventType,
      eventCode,
      eventTimestamp: local.local,
      GMTOffset: local.offset,
      eventCity: "CHICAGO",
      eventState: "IL",
      eventZIP: "60607",
    };
  };
  return {
    trackingNumber: number,
    statusCategory: "Moving Through Network",
    trackingEvents: [
      event(steps[2]!, "10", "Arrived at USPS Regional Facility"),
      event(steps[1]!, "03", "USPS in possession of item"),
      event(steps[0]!, "GX", "Shipping Label Created, USPS Awaiting Item"),
    ],
  };
}

const BUILDERS = { dhl, ups, fedex: fedexEntry, usps };

/**
 * A serialised in-transit answer for a number without a fixture: label at `startMs`, pickup two
 * hours later, arrival at a hub after eight. Fixed times keep repeated polls identical.
 */
export function generatedInTransitBody(carrier: FakeCarrier, number: string, startMs: number): string {
  const steps = [0, 2, 8].map((hours) => startMs + hours * HOUR_MS);
  return JSON.stringify(BUILDERS[carrier](number, steps));
}
