import { connectionCredential, requiredCredential } from "@/lib/carriers/connection-credentials";
import { countryAlpha2 } from "@/lib/countries";
import { DhlClient, type DhlClientOptions } from "@/lib/carriers/dhl/client";
import { parseDhlResponse } from "@/lib/carriers/dhl/parse";
import { mapWithConcurrency } from "@/lib/carriers/http-client";
import { type CarrierAdapter, type TrackRequest, type TrackResult } from "@/lib/carriers/types";
import { dhlCarrier, DHL_SERVICE_BY_SLUG } from "@/lib/carriers/dhl/descriptor";

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
    slugs: dhlCarrier.slugs,
    batchSize: dhlCarrier.batchSize,
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
