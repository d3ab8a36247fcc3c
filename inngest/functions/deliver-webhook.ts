import { getDb } from "@/db/client";
import { attemptWebhookDelivery } from "@/lib/webhooks/attempt-webhook-delivery";
import { markWebhookDeliveryFailed } from "@/lib/webhooks/mark-webhook-delivery-failed";
import { MAX_WEBHOOK_ATTEMPTS, retryDelayMs } from "@/lib/webhooks/retry-schedule";
import { inngest } from "@/lib/events/client";
import { webhookDeliveryRequested } from "@/lib/events/events";

/**
 * One stored delivery, attempted until a 2xx: up to 14 attempts, attempt n after a named sleep of
 * 2^(n−2) units (compat-reference §12), from `firstAttempt` on (the fan-out made attempt 1). An
 * attempt that gets no 2xx returns normally; only a failure of our own (the database) throws and
 * is retried by the engine.
 */
export const deliverWebhook = inngest.createFunction(
  {
    id: "deliver-webhook",
    priority: { run: "120" },
    triggers: [webhookDeliveryRequested],
    // Our own failure outlasted the engine's retries: the log says failed rather than pending for ever.
    onFailure: async ({ event }) => {
      const { organizationId, deliveryId } = event.data.event.data;
      await markWebhookDeliveryFailed(await getDb(), organizationId, deliveryId);
    },
  },
  async ({ event, step }) => {
    const { organizationId, deliveryId, firstAttempt = 1 } = event.data;
    for (let attempt = firstAttempt; attempt <= MAX_WEBHOOK_ATTEMPTS; attempt++) {
      if (attempt > 1) await step.sleep(`wait-before-attempt-${attempt}`, retryDelayMs(attempt));
      const outcome = await step.run(`attempt-${attempt}`, async () => attemptWebhookDelivery(await getDb(), organizationId, deliveryId, attempt));
      if (outcome.status !== "pending") return { status: outcome.status, attempts: attempt };
    }
    return { status: "failed", attempts: MAX_WEBHOOK_ATTEMPTS };
  },
);
