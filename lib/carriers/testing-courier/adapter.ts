import { eventTimeInZone } from "@/lib/carriers/event-time";
import { type CheckpointDraft, deriveShipmentFacts, finalizeCheckpoints } from "@/lib/carriers/normalize";
import { subtagMessage } from "@/lib/carriers/subtags";
import { parseTestingNumber, type TestingFlow } from "@/lib/carriers/testing-courier/flow";
import { type CarrierAdapter, type TrackRequest, type TrackResult } from "@/lib/carriers/types";
import { type Tag } from "@/lib/tags";

export const TESTING_COURIER_SLUGS = ["testing-courier", "testing-courier-webhook"];

interface FakePlace {
  street: string;
  city: string;
  zip: string;
  coordinates: [number, number];
}

// Ten places, one per possible step, so repeated statuses stay distinct checkpoints.
const PLACES: FakePlace[] = [
  { street: "1000 Testfield St", city: "Lakewood", zip: "11111", coordinates: [39.747988, -105.142294] },
  { street: "200 Sample Ave", city: "Denver", zip: "11112", coordinates: [39.739236, -104.990251] },
  { street: "35 Mockingbird Ln", city: "Aurora", zip: "11113", coordinates: [39.729432, -104.831919] },
  { street: "480 Fixture Rd", city: "Boulder", zip: "11114", coordinates: [40.014986, -105.270546] },
  { street: "52 Stub Blvd", city: "Golden", zip: "11115", coordinates: [39.755543, -105.2211] },
  { street: "6 Dummy Ct", city: "Arvada", zip: "11116", coordinates: [39.802764, -105.087484] },
  { street: "700 Placeholder Way", city: "Littleton", zip: "11117", coordinates: [39.613321, -105.016649] },
  { street: "88 Example Dr", city: "Englewood", zip: "11118", coordinates: [39.647765, -104.98776] },
  { street: "9 Trial Pl", city: "Westminster", zip: "11119", coordinates: [39.836653, -105.037205] },
  { street: "1010 Harness Pkwy", city: "Thornton", zip: "11120", coordinates: [39.868042, -104.971926] },
];
const STATE = "Colorado";
const TIME_ZONE = "America/Denver";

const MESSAGES: Record<Tag, string> = {
  Pending: "Waiting for the shipper to hand over the shipment",
  InfoReceived: "Received a request from the shipper and is about to pick up the shipment",
  InTransit: "Shipment is on its way to the destination",
  OutForDelivery: "Shipment is out for delivery",
  AttemptFail: "Delivery was attempted but could not be completed",
  Delivered: "Shipment has been delivered",
  AvailableForPickup: "Shipment is ready for pickup at the service point",
  Exception: "Shipment has an exception",
  Expired: "No further updates for this shipment",
};

/** When step `k` (from 1) of a flow happens: `createdAt + k × interval`. */
function stepTime(flow: TestingFlow, createdAt: Date, step: number): Date {
  return new Date(createdAt.getTime() + step * flow.intervalMinutes * 60_000);
}

/** The flow's checkpoints that have happened by `now`; deterministic from the number and `createdAt`. */
function trackTesting(request: TrackRequest, now: Date): TrackResult {
  const flow = parseTestingNumber(request.trackingNumber);
  if (!flow) {
    return { kind: "not_found", message: "Testing courier numbers look like ITOD-1-123456 (codes-interval-digits)." };
  }
  const drafts: CheckpointDraft[] = [];
  flow.steps.forEach((step, index) => {
    const at = stepTime(flow, request.createdAt, index + 1);
    if (at > now) return;
    const place = PLACES[index % PLACES.length]!;
    const message = step.subtag.endsWith("_001") ? MESSAGES[step.tag] : `${MESSAGES[step.tag]}: ${subtagMessage(step.subtag)}`;
    drafts.push({
      ...eventTimeInZone(at, TIME_ZONE),
      message,
      location: `${place.street}, ${place.city}, ${STATE}, ${place.zip}`,
      city: place.city,
      state: STATE,
      zip: place.zip,
      country: "US",
      coordinates: place.coordinates,
      status: [step.tag, step.subtag],
      rawTag: step.subtag,
    });
  });
  // Drafts are handed over newest first, as carriers send them, so equal times keep the flow's order.
  const checkpoints = finalizeCheckpoints(drafts.reverse());
  const last = flow.steps.length;
  const endsDelivered = flow.steps[last - 1]?.tag === "Delivered";
  const expectedDelivery = endsDelivered ? eventTimeInZone(stepTime(flow, request.createdAt, last), TIME_ZONE).checkpointTime.slice(0, 10) : null;
  return { kind: "found", checkpoints, shipment: deriveShipmentFacts(checkpoints, { expectedDelivery }) };
}

/** The testing courier of compat-reference §13: no network, statuses scripted by the number. */
export function createTestingCourierAdapter(): CarrierAdapter {
  return {
    slugs: TESTING_COURIER_SLUGS,
    batchSize: 100,
    async track(requests, now) {
      return new Map(requests.map((request) => [request.id, trackTesting(request, now)]));
    },
  };
}
