import type { Tracking } from "@/db/schema";
import type { TrackRequest } from "@/lib/carriers/types";
import type { Credentials } from "@/lib/connections/credentials-cipher";
import { additionalFieldsOf } from "./tracking-patch";

/** A tracking as a provider's lifecycle calls need it, carried in an event (the row may be gone: a delete). */
export interface ProviderTrackingRef {
  id: string;
  slug: string;
  trackingNumber: string;
  additionalFields: Record<string, string | null>;
  /** ISO 8601. */
  createdAt: string;
}

export function providerTrackingRef(row: Tracking): ProviderTrackingRef {
  return { id: row.id, slug: row.slug, trackingNumber: row.trackingNumber, additionalFields: additionalFieldsOf(row), createdAt: row.createdAt.toISOString() };
}

/** The adapter's request for a carried tracking, with the provider key. */
export function providerTrackRequest(ref: ProviderTrackingRef, credentials: Credentials): TrackRequest {
  return {
    id: ref.id,
    slug: ref.slug,
    trackingNumber: ref.trackingNumber,
    additionalFields: ref.additionalFields,
    createdAt: new Date(ref.createdAt),
    credentials,
  };
}
