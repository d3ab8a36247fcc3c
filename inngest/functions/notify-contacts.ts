import { getDb } from "@/db/client";
import { notificationTransports } from "@/lib/notifications/notification-transports";
import { prepareContactNotifications } from "@/lib/notifications/prepare-contact-notifications";
import { sendNotificationMessage } from "@/lib/notifications/send-notification-message";
import { inngest } from "../client";
import { trackingUpdated } from "../events";

/**
 * A tracking's status changed: each of its e-mail addresses and phone numbers gets one message.
 * Each message is its own step, so a failing one is retried (and finally marked failed) alone.
 */
export const notifyContacts = inngest.createFunction(
  { id: "notify-contacts", priority: { run: "60" }, retries: 5, triggers: [trackingUpdated] },
  async ({ event, step, attempt, maxAttempts }) => {
    if (!event.data.tagChanged || event.data.hasContacts === false) return { messages: 0 };
    const { organizationId, trackingId } = event.data;
    const messageIds = await step.run("prepare-messages", async () =>
      prepareContactNotifications(await getDb(), { organizationId, trackingId, sourceEventId: event.id! }, notificationTransports()),
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
