import { type CarrierClientOptions } from "@/lib/carriers/carrier-client";
import { connectionCredential, requiredCredential } from "@/lib/carriers/connection-credentials";
import { mapWithConcurrency } from "@/lib/carriers/http-client";
import { type CarrierAdapter, type TrackRequest, type TrackResult } from "@/lib/carriers/types";
import { PostnordClient } from "./client";
import { parsePostnordResponse } from "./parse";
import { postnordCarrier } from "@/lib/carriers/postnord/descriptor";

export interface PostnordAdapterOptions extends CarrierClientOptions {
  /** Server-wide API key, used when a tracking has no courier connection. */
  apiKey?: string;
  /** Calls in flight at once for one `track` call. */
  concurrency?: number;
}

export function createPostnordAdapter(options: PostnordAdapterOptions = {}): CarrierAdapter {
  const client = new PostnordClient(options);
  async function trackOne(request: TrackRequest): Promise<[string, TrackResult]> {
    const answer = await client.track(request.trackingNumber, requiredCredential("PostNord", request, "apiKey", options.apiKey));
    return [request.id, answer.kind === "answer" ? parsePostnordResponse(answer.body, request.trackingNumber) : answer];
  }
  return {
    slugs: postnordCarrier.slugs,
    batchSize: postnordCarrier.batchSize,
    hasServerCredentials: Boolean(options.apiKey),
    // No token to ask for: one lookup is refused (401/403) for a key the gateway does not know.
    async testCredentials(credentials) {
      await client.track("00000000000000000000", connectionCredential("PostNord", credentials, "apiKey"));
    },
    async track(requests) {
      return new Map(await mapWithConcurrency(requests, options.concurrency ?? 4, trackOne));
    },
  };
}
