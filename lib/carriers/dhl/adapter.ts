import { connectionCredential, requiredCredential } from "@/lib/carriers/connection-credentials";
import { countryAlpha2 } from "@/lib/countries";
import { DhlClient, type DhlClientOptions } from "@/lib/carriers/dhl/client";
import { parseDhlResponse } from "@/lib/carriers/dhl/parse";
import { mapWithConcurrency } from "@/lib/carriers/http-client";
import { type CarrierAdapter, type TrackRequest, type TrackResult } from "@/lib/carriers/types";

/** Courier slugs DHL Unified answers for, with the division (`service`) to ask; null lets DHL choose. */
export const DHL_SERVICE_BY_SLUG: Record<string, string | null> = {
  dhl: "express",
  "dhl-pieceid": "express",
  "dhl-api": null,
  "dhl-germany": "parcel-de",
  "dhl-global-mail": "ecommerce",
  "dhl-global-mail-api": "ecommerce",
  "dhl-global-mail-asia": "ecommerce-apac",
  "dhl-freight": "freight",
  "dhl-global-forwarding": "dgf",
  "dhlparcel-nl": "parcel-nl",
  "dhlparcel-uk": "parcel-uk",
  "dhl-poland": "parcel-pl",
  // Divisions DHL Unified documents that the catalogue lists under their own slugs.
  "deutsch-post": "post-de",
  "dhl-benelux": "parcel-nl",
  "dhl-nl": "parcel-nl",
  "dhlparcel-es": "ecommerce-iberia",
  "dhl-es": "ecommerce-iberia",
  "dhl-hk": "express",
};

export interface DhlAdapterOptions extends DhlClientOptions {
  /** Server-wide API key, used when a tracking has no courier connection. */
  apiKey?: string;
  /** Calls in flight at once for one `track` call. */
  concurrency?: number;
}

export function createDhlAdapter(options: DhlAdapterOptions = {}): CarrierAdapter {
  const client = new DhlClient(options);
  async function trackOne(request: TrackRequest): Promise<[string, TrackResult]> {
    const answer = await client.track({
      trackingNumber: request.trackingNumber,
      apiKey: requiredCredential("DHL", request, "apiKey", options.apiKey),
      service: DHL_SERVICE_BY_SLUG[request.slug] ?? undefined,
      recipientPostalCode: request.additionalFields.tracking_postal_code ?? undefined,
      originCountryCode: countryAlpha2(request.additionalFields.tracking_origin_country) ?? undefined,
    });
    return [request.id, answer.kind === "answer" ? parseDhlResponse(answer.body, request.trackingNumber) : answer];
  }
  return {
    slugs: Object.keys(DHL_SERVICE_BY_SLUG),
    batchSize: 1,
    hasServerCredentials: Boolean(options.apiKey),
    // DHL has no token to ask for: one lookup of a number that exists nowhere answers 401 for a bad key.
    async testCredentials(credentials) {
      await client.track({ trackingNumber: "0000000000", apiKey: connectionCredential("DHL", credentials, "apiKey") });
    },
    async track(requests) {
      return new Map(await mapWithConcurrency(requests, options.concurrency ?? 4, trackOne));
    },
  };
}
