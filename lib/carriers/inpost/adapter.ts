import { type CarrierClientOptions } from "@/lib/carriers/carrier-client";
import { connectionCredential, credential } from "@/lib/carriers/connection-credentials";
import { mapWithConcurrency } from "@/lib/carriers/http-client";
import { type CarrierAdapter, type TrackRequest, type TrackResult } from "@/lib/carriers/types";
import { InpostClient } from "./client";
import { parseInpostResponse } from "./parse";
import { inpostCarrier } from "@/lib/carriers/inpost/descriptor";

export interface InpostAdapterOptions extends CarrierClientOptions {
  /** Server-wide ShipX token (optional: tracking answers without one). */
  token?: string;
  /** Calls in flight at once for one `track` call. */
  concurrency?: number;
}

export function createInpostAdapter(options: InpostAdapterOptions = {}): CarrierAdapter {
  const client = new InpostClient(options);
  async function trackOne(request: TrackRequest): Promise<[string, TrackResult]> {
    const answer = await client.track(request.trackingNumber, credential(request, "token", options.token));
    return [request.id, answer.kind === "answer" ? parseInpostResponse(answer.body) : answer];
  }
  return {
    slugs: inpostCarrier.slugs,
    batchSize: inpostCarrier.batchSize,
    // Tracking needs no credentials, so every InPost tracking can be polled.
    hasServerCredentials: true,
    // A connection only carries a ShipX token: one lookup with it is refused (401) if ShipX does not know it.
    async testCredentials(credentials) {
      await client.track("000000000000000000000000", connectionCredential("InPost", credentials, "token"));
    },
    async track(requests) {
      return new Map(await mapWithConcurrency(requests, options.concurrency ?? 4, trackOne));
    },
  };
}
