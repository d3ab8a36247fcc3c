import type { Database } from "@/db/client";
import { providerAdapter } from "@/lib/carriers/registry";
import { CarrierError } from "@/lib/carriers/types";
import { providerCredentials } from "@/lib/connections/provider-credentials";
import type { TrackingProvider } from "@/lib/couriers/providers/provider-codes";
import { PROVIDER_NAMES } from "./not-trackable";
import { warnHourly } from "./poll-log";
import { recordProviderPollOutcome } from "./poll-provider-outcome";
import type { ProviderCall } from "./provider-follow-up";
import { providerTrackRequest, type ProviderTrackingRef } from "./provider-tracking-ref";

export interface ProviderCallRequest {
  organizationId: string;
  provider: TrackingProvider;
  call: ProviderCall;
  trackings: Array<ProviderTrackingRef & { previousSlug?: string }>;
}

export type ProviderCallOutcome =
  | { status: "done" | "no_key" }
  | { status: "refused"; reason: string }
  /** The provider is down or held the call back: try again later (after `waitSeconds` when it said). */
  | { status: "retry"; reason: string; waitSeconds: number | null };

/**
 * Makes one lifecycle call at the provider (stop, restart, change carrier) with the organisation's
 * key. Nothing to do once the key is gone. A refusal is final (recorded on the key when the key
 * itself was refused); an outage or a rate limit is for the caller to retry.
 */
export async function callTrackingProvider(db: Database, request: ProviderCallRequest, now: Date): Promise<ProviderCallOutcome> {
  const adapter = providerAdapter(request.provider);
  const key = await providerCredentials(db, request.organizationId, request.provider);
  if (!adapter || !key) return { status: "no_key" };
  const requests = request.trackings.map((ref) => providerTrackRequest(ref, key.credentials));
  try {
    if (request.call === "change-carrier") {
      for (const [index, ref] of request.trackings.entries()) await adapter.provider.changeCarrier(requests[index]!, ref.previousSlug ?? ref.slug);
    } else {
      for (let start = 0; start < requests.length; start += adapter.batchSize) {
        const chunk = requests.slice(start, start + adapter.batchSize);
        await (request.call === "stop" ? adapter.provider.stop(chunk) : adapter.provider.restart(chunk));
      }
    }
    return { status: "done" };
  } catch (error) {
    if (!(error instanceof CarrierError)) throw error;
    const name = PROVIDER_NAMES[request.provider];
    if (error.kind === "unavailable" || error.kind === "rate_limited") {
      return { status: "retry", reason: `${name}: ${error.message}`, waitSeconds: error.retryAfterSeconds ?? null };
    }
    const reason = `${name} refused to ${request.call} ${request.trackings.length} tracking(s): ${error.message}`;
    if (error.kind === "auth") await recordProviderPollOutcome(db, request.organizationId, request.provider, reason, now);
    warnHourly(`${request.provider}:${request.call}:${request.organizationId}`, `Waybill: ${reason} (organisation ${request.organizationId})`, now);
    return { status: "refused", reason };
  }
}
