import { getDb } from "@/db/client";
import { notificationTransports } from "@/lib/notifications/notification-transports";
import { prepareContactNotifications } from "@/lib/notifications/prepare-contact-notifications";
import { sendNotificationMessage } from "@/lib/notifications/send-notification-message";
import { triggerOfTag, type TemplateTrigger } from "@/lib/notifications/templates/default-templates";
import { inngest } from "@/lib/events/client";
import { trackingEstimateRevised, trackingUpdated } from "@/lib/events/events";

/**
 * A tracking's status changed, or its delivery estimate moved: each of its e-mail addresses and phone
 * numbers gets one message, from the merchant's template for that trigger (when the merchant sends
 * it at all). Each message is its own step, so a failing one is retried (and finally marked failed) alone.
 */
export const notifyContacts = inngest.createFunction(
  {
    id: "notify-contacts",
    priority: { run: "60" },
    retries: 5,
    // Most updates keep their status or have nobody to tell: the condition keeps them from queuing a run at all.
    triggers: [{ event: trackingUpdated, if: "event.data.tagChanged == true && event.data.hasContacts == true" }, trackingEstimateRevised],
  },
  async ({ event, step, attempt, maxAttempts }) => {
    const trigger: TemplateTrigger | null = event.name === trackingUpdated.name ? triggerOfTag((event.data as { tag: string }).tag) : "estimate_revised";
    if (!trigger) return { messages: 0 };
    const { organizationId, trackingId } = event.data;
    const messageIds = await step.run("prepare-messages", async () =>
      prepareContactNotifications(await getDb(), { organizationId, trackingId, sourceEventId: event.id!, trigger }, notificationTransports()),
    );
    // `attempt` is the attempt of the step being run: its last one records the message as failed.
    const finalAttempt = attempt + 1 >= (maxAttempts ?? 1);
    const results = await Promise.allSettled(
      messageIds.map((messageId) =>
        step.run(`send-${messageId}`, async () =>
          sendNotificationMessage(await getDb(), organizationId, messageId, notificationTransports(), { finalAttempt }),
        ),
      ),
    );
    return { messages: messageIds.length, failed: results.filter((result) => result.status === "rejected").length };
  },
);
