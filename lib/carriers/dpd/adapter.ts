import { connectionCredential, requiredCredential } from "@/lib/carriers/connection-credentials";
import { mapWithConcurrency } from "@/lib/carriers/http-client";
import { type CarrierAdapter, type TrackRequest, type TrackResult } from "@/lib/carriers/types";
import { DpdClient, type DpdClientOptions } from "./client";
import { parseDpdTracking } from "./parse";
import { dpdCarrier } from "@/lib/carriers/dpd/descriptor";

export interface DpdAdapterOptions extends DpdClientOptions {
  /** Server-wide delisId and password, used when a tracking has no courier connection. */
  delisId?: string;
  password?: string;
  /** Calls in flight at once for one `track` call. */
  concurrency?: number;
}

export function createDpdAdapter(options: DpdAdapterOptions = {}): CarrierAdapter {
  const client = new DpdClient(options);
  async function trackOne(request: TrackRequest): Promise<[string, TrackResult]> {
    const answer = await client.track(request.trackingNumber, {
      delisId: requiredCredential("DPD", request, "delisId", options.delisId),
      password: requiredCredential("DPD", request, "password", options.password),
    });
    return [request.id, answer.kind === "answer" ? parseDpdTracking(answer.envelope) : answer];
  }
  return {
    slugs: dpdCarrier.slugs,
    batchSize: dpdCarrier.batchSize,
    hasServerCredentials: Boolean(options.delisId && options.password),
    async testCredentials(credentials) {
      await client.checkCredentials({
        delisId: connectionCredential("DPD", credentials, "delisId"),
        password: connectionCredential("DPD", credentials, "password"),
      });
    },
    async track(requests) {
      return new Map(await mapWithConcurrency(requests, options.concurrency ?? 4, trackOne));
    },
  };
}
