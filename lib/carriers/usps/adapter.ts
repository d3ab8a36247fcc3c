import { connectionCredential, requiredCredential } from "@/lib/carriers/connection-credentials";
import { calendarDate } from "@/lib/carriers/event-time";
import { mapWithConcurrency } from "@/lib/carriers/http-client";
import { UspsClient, type UspsClientOptions } from "@/lib/carriers/usps/client";
import { parseUspsResponse } from "@/lib/carriers/usps/parse";
import { type CarrierAdapter, type TrackRequest, type TrackResult } from "@/lib/carriers/types";
import { uspsCarrier } from "@/lib/carriers/usps/descriptor";

export interface UspsAdapterOptions extends UspsClientOptions {
  /** Server-wide credentials, used when a tracking has no courier connection. */
  clientId?: string;
  clientSecret?: string;
  /** Calls in flight at once for one `track` call. */
  concurrency?: number;
}

export function createUspsAdapter(options: UspsAdapterOptions = {}): CarrierAdapter {
  const client = new UspsClient(options);
  async function trackOne(request: TrackRequest): Promise<[string, TrackResult]> {
    const answer = await client.track(
      {
        trackingNumber: request.trackingNumber,
        destinationZipCode: request.additionalFields.tracking_postal_code ?? undefined,
        mailingDate: calendarDate(request.additionalFields.tracking_ship_date) ?? undefined,
      },
      {
        clientId: requiredCredential("USPS", request, "clientId", options.clientId),
        clientSecret: requiredCredential("USPS", request, "clientSecret", options.clientSecret),
      },
    );
    return [request.id, answer.kind === "answer" ? parseUspsResponse(answer.body) : answer];
  }
  return {
    slugs: uspsCarrier.slugs,
    batchSize: uspsCarrier.batchSize,
    hasServerCredentials: Boolean(options.clientId && options.clientSecret),
    async testCredentials(credentials) {
      await client.checkCredentials({
        clientId: connectionCredential("USPS", credentials, "clientId"),
        clientSecret: connectionCredential("USPS", credentials, "clientSecret"),
      });
    },
    async track(requests) {
      return new Map(await mapWithConcurrency(requests, options.concurrency ?? 4, trackOne));
    },
  };
}
