import { type CarrierClientOptions } from "@/lib/carriers/carrier-client";
import { connectionCredential, requiredCredential } from "@/lib/carriers/connection-credentials";
import { mapWithConcurrency } from "@/lib/carriers/http-client";
import { type CarrierAdapter, type TrackRequest, type TrackResult } from "@/lib/carriers/types";
import { RoyalmailClient } from "./client";
import { parseRoyalmailResponse } from "./parse";
import { royalmailCarrier } from "@/lib/carriers/royalmail/descriptor";

export interface RoyalmailAdapterOptions extends CarrierClientOptions {
  /** Server-wide client id and secret, used when a tracking has no courier connection. */
  clientId?: string;
  clientSecret?: string;
  /** Calls in flight at once for one `track` call. */
  concurrency?: number;
}

export function createRoyalmailAdapter(options: RoyalmailAdapterOptions = {}): CarrierAdapter {
  const client = new RoyalmailClient(options);
  async function trackOne(request: TrackRequest): Promise<[string, TrackResult]> {
    const answer = await client.track(request.trackingNumber, {
      clientId: requiredCredential("Royal Mail", request, "clientId", options.clientId),
      clientSecret: requiredCredential("Royal Mail", request, "clientSecret", options.clientSecret),
    });
    return [request.id, answer.kind === "answer" ? parseRoyalmailResponse(answer.body) : answer];
  }
  return {
    slugs: royalmailCarrier.slugs,
    batchSize: royalmailCarrier.batchSize,
    hasServerCredentials: Boolean(options.clientId && options.clientSecret),
    // No token endpoint: one lookup answers 401 for credentials the gateway does not know.
    async testCredentials(credentials) {
      await client.track("AA000000000GB", {
        clientId: connectionCredential("Royal Mail", credentials, "clientId"),
        clientSecret: connectionCredential("Royal Mail", credentials, "clientSecret"),
      });
    },
    async track(requests) {
      return new Map(await mapWithConcurrency(requests, options.concurrency ?? 4, trackOne));
    },
  };
}
