import { type TrackRequest } from "@/lib/carriers/types";

let sequence = 0;

/** A tracking request for adapter tests; ids are unique per process. */
export function trackRequest(slug: string, trackingNumber: string, overrides: Partial<TrackRequest> = {}): TrackRequest {
  sequence += 1;
  return {
    id: `trk_test_${sequence}`,
    slug,
    trackingNumber,
    additionalFields: {},
    createdAt: new Date("2025-03-01T00:00:00Z"),
    ...overrides,
  };
}
