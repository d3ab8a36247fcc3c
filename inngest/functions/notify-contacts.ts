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
  { id: "notify-contacts", priority: { run: "60" }, retries: 5, triggers: [trackingUpdated, trackingEstimateRevised] },
  async ({ event, step, attempt, maxAttempts }) => {
    let trigger: TemplateTrigger | null;
    if (event.name === trackingUpdated.name) {
      const data = event.data as { tagChanged: boolean; hasContacts?: boolean; tag: string };
      trigger = data.tagChanged && data.hasContacts !== false ? triggerOfTag(data.tag) : null;
    } else {
      trigger = "estimate_revised";
    }
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
