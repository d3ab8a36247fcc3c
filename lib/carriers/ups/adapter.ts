import { connectionCredential, credential, requiredCredential } from "@/lib/carriers/connection-credentials";
import { mapWithConcurrency } from "@/lib/carriers/http-client";
import { UpsClient, type UpsClientOptions } from "@/lib/carriers/ups/client";
import { parseUpsResponse } from "@/lib/carriers/ups/parse";
import { type CarrierAdapter, type TrackRequest, type TrackResult } from "@/lib/carriers/types";
import { upsCarrier } from "@/lib/carriers/ups/descriptor";

export interface UpsAdapterOptions extends UpsClientOptions {
  /** Server-wide credentials, used when a tracking has no courier connection. */
  clientId?: string;
  clientSecret?: string;
  accountNumber?: string;
  /** Calls in flight at once for one `track` call. */
  concurrency?: number;
}

export function createUpsAdapter(options: UpsAdapterOptions = {}): CarrierAdapter {
  const client = new UpsClient(options);
  async function trackOne(request: TrackRequest): Promise<[string, TrackResult]> {
    const answer = await client.track(request.trackingNumber, {
      clientId: requiredCredential("UPS", request, "clientId", options.clientId),
      clientSecret: requiredCredential("UPS", request, "clientSecret", options.clientSecret),
      accountNumber: credential(request, "accountNumber", options.accountNumber),
    });
    return [request.id, answer.kind === "answer" ? parseUpsResponse(answer.body, request.trackingNumber) : answer];
  }
  return {
    slugs: upsCarrier.slugs,
    batchSize: upsCarrier.batchSize,
    hasServerCredentials: Boolean(options.clientId && options.clientSecret),
    async testCredentials(credentials) {
      await client.checkCredentials({
        clientId: connectionCredential("UPS", credentials, "clientId"),
        clientSecret: connectionCredential("UPS", credentials, "clientSecret"),
        accountNumber: credentials.account_number ?? credentials.accountNumber,
      });
    },
    async track(requests) {
      return new Map(await mapWithConcurrency(requests, options.concurrency ?? 4, trackOne));
    },
  };
}
