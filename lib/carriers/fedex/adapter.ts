import { connectionCredential, requiredCredential } from "@/lib/carriers/connection-credentials";
import { type FedexClientOptions, FedexClient, type FedexCredentials } from "@/lib/carriers/fedex/client";
import { parseFedexResponse } from "@/lib/carriers/fedex/parse";
import { calendarDate } from "@/lib/carriers/event-time";
import { mapWithConcurrency } from "@/lib/carriers/http-client";
import { type CarrierAdapter, type TrackRequest, type TrackResult } from "@/lib/carriers/types";
import { fedexCarrier } from "@/lib/carriers/fedex/descriptor";

export interface FedexAdapterOptions extends FedexClientOptions {
  /** Server-wide credentials, used when a tracking has no courier connection. */
  clientId?: string;
  clientSecret?: string;
  /** Batch calls in flight at once for one `track` call. */
  concurrency?: number;
}

interface Batch {
  credentials: FedexCredentials;
  requests: TrackRequest[];
}

/** Requests grouped by connection (a call carries one token), then cut into calls of 30. */
function batches(requests: readonly TrackRequest[], options: FedexAdapterOptions): Batch[] {
  const byConnection = new Map<string, Batch>();
  for (const request of requests) {
    const credentials = {
      clientId: requiredCredential("FedEx", request, "clientId", options.clientId),
      clientSecret: requiredCredential("FedEx", request, "clientSecret", options.clientSecret),
    };
    const key = `${credentials.clientId}\n${credentials.clientSecret}`;
    const group = byConnection.get(key) ?? { credentials, requests: [] };
    group.requests.push(request);
    byConnection.set(key, group);
  }
  return [...byConnection.values()].flatMap(({ credentials, requests: grouped }) =>
    Array.from({ length: Math.ceil(grouped.length / fedexCarrier.batchSize) }, (_, index) => ({
      credentials,
      requests: grouped.slice(index * fedexCarrier.batchSize, (index + 1) * fedexCarrier.batchSize),
    })),
  );
}

export function createFedexAdapter(options: FedexAdapterOptions = {}): CarrierAdapter {
  const client = new FedexClient(options);
  async function trackBatch(batch: Batch): Promise<[string, TrackResult][]> {
    const body = await client.track(
      batch.requests.map((request) => ({
        trackingNumber: request.trackingNumber,
        shipDate: calendarDate(request.additionalFields.tracking_ship_date) ?? undefined,
      })),
      batch.credentials,
    );
    const byNumber = parseFedexResponse(body);
    // One number asked and one answered: the answer is that number's even if FedEx spells it differently.
    const only = batch.requests.length === 1 && byNumber.size === 1 ? [...byNumber.values()][0] : undefined;
    return batch.requests.map((request) => [
      request.id,
      byNumber.get(request.trackingNumber) ?? only ?? { kind: "not_found", message: "FedEx returned no result for this number." },
    ]);
  }
  return {
    slugs: fedexCarrier.slugs,
    batchSize: fedexCarrier.batchSize,
    hasServerCredentials: Boolean(options.clientId && options.clientSecret),
    async testCredentials(credentials) {
      await client.checkCredentials({
        clientId: connectionCredential("FedEx", credentials, "clientId"),
        clientSecret: connectionCredential("FedEx", credentials, "clientSecret"),
      });
    },
    async track(requests) {
      const answered = await mapWithConcurrency(batches(requests, options), options.concurrency ?? 2, trackBatch);
      return new Map(answered.flat());
    },
  };
}
