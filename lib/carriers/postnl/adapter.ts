import { type CarrierClientOptions } from "@/lib/carriers/carrier-client";
import { connectionCredential, requiredCredential } from "@/lib/carriers/connection-credentials";
import { mapWithConcurrency } from "@/lib/carriers/http-client";
import { type CarrierAdapter, type TrackRequest, type TrackResult } from "@/lib/carriers/types";
import { PostnlClient } from "./client";
import { parsePostnlShipment } from "./parse";
import { postnlCarrier } from "@/lib/carriers/postnl/descriptor";

export interface PostnlAdapterOptions extends CarrierClientOptions {
  /** Server-wide API key, used when a tracking has no courier connection. */
  apiKey?: string;
  /** Calls in flight at once for one `track` call. */
  concurrency?: number;
}

export function createPostnlAdapter(options: PostnlAdapterOptions = {}): CarrierAdapter {
  const client = new PostnlClient(options);
  async function trackOne(request: TrackRequest): Promise<[string, TrackResult]> {
    const answer = await client.track(request.trackingNumber, requiredCredential("PostNL", request, "apiKey", options.apiKey));
    return [request.id, answer.kind === "answer" ? parsePostnlShipment(answer.shipment) : answer];
  }
  return {
    slugs: postnlCarrier.slugs,
    batchSize: postnlCarrier.batchSize,
    hasServerCredentials: Boolean(options.apiKey),
    // No token to ask for: one lookup answers 401 for a key PostNL does not know.
    async testCredentials(credentials) {
      await client.track("3SAAAA000000000", connectionCredential("PostNL", credentials, "apiKey"));
    },
    async track(requests) {
      return new Map(await mapWithConcurrency(requests, options.concurrency ?? 4, trackOne));
    },
  };
}
