import { getDb } from "@/db/client";
import { callTrackingProvider } from "@/lib/trackings/call-tracking-provider";
import { inngest } from "@/lib/events/client";
import { trackingProviderCallRequested } from "@/lib/events/events";
import { log } from "@/lib/observability/log";

/** Waits between tries while the provider is down: about nine hours in all, then the call is given up (and logged). */
export const PROVIDER_CALL_WAITS_S = [60, 300, 1_800, 7_200, 21_600];

/**
 * Tells a tracking provider that trackings ended, started again or changed courier. The call is
 * retried by sleeping, not by failing, so a provider outage leaves no error trail in the log.
 */
export const runProviderCall = inngest.createFunction(
  { id: "call-tracking-provider", concurrency: { limit: 2, key: "event.data.provider" }, triggers: [trackingProviderCallRequested] },
  async ({ event, step }) => {
    for (let attempt = 0; ; attempt++) {
      const outcome = await step.run(`call-${attempt}`, async () => callTrackingProvider(await getDb(), event.data, new Date()));
      if (outcome.status !== "retry") return outcome;
      const wait = PROVIDER_CALL_WAITS_S[attempt];
      if (wait === undefined) {
        const { organizationId, provider, call, trackings } = event.data;
        log().warn(
          { event: "provider_call_given_up", organizationId, provider, call, trackings: trackings.length, reason: outcome.reason },
          `Waybill: gave up asking ${provider} to ${call} ${trackings.length} tracking(s): ${outcome.reason}`,
        );
        return { status: "gave_up", reason: outcome.reason };
      }
      await step.sleep(`wait-${attempt}`, Math.max(wait, outcome.waitSeconds ?? 0) * 1000);
    }
  },
);
