import { type CarrierClientOptions } from "@/lib/carriers/carrier-client";
import { connectionCredential, requiredCredential } from "@/lib/carriers/connection-credentials";
import { mapWithConcurrency } from "@/lib/carriers/http-client";
import { type CarrierAdapter, type TrackRequest, type TrackResult } from "@/lib/carriers/types";
import { CanadapostClient } from "./client";
import { parseCanadapostDetail } from "./parse";
import { canadapostCarrier } from "@/lib/carriers/canadapost/descriptor";

export interface CanadapostAdapterOptions extends CarrierClientOptions {
  /** Server-wide API key (username and password), used when a tracking has no courier connection. */
  username?: string;
  password?: string;
  /** Calls in flight at once for one `track` call. */
  concurrency?: number;
}

const CARRIER = "Canada Post";

export function createCanadapostAdapter(options: CanadapostAdapterOptions = {}): CarrierAdapter {
  const client = new CanadapostClient(options);
  async function trackOne(request: TrackRequest): Promise<[string, TrackResult]> {
    const answer = await client.track(request.trackingNumber, {
      username: requiredCredential(CARRIER, request, "username", options.username),
      password: requiredCredential(CARRIER, request, "password", options.password),
    });
    return [request.id, answer.kind === "answer" ? parseCanadapostDetail(answer.detail) : answer];
  }
  return {
    slugs: canadapostCarrier.slugs,
    batchSize: canadapostCarrier.batchSize,
    hasServerCredentials: Boolean(options.username && options.password),
    // No login call: a lookup answers E002 for a key the gateway does not know, and "No Pin History" for a good one.
    async testCredentials(credentials) {
      await client.track("0000000000000000", {
        username: connectionCredential(CARRIER, credentials, "username"),
        password: connectionCredential(CARRIER, credentials, "password"),
      });
    },
    async track(requests) {
      return new Map(await mapWithConcurrency(requests, options.concurrency ?? 4, trackOne));
    },
  };
}
