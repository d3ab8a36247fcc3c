import { dashboardRoute } from "@/lib/dashboard/dashboard-route";
import { listNotificationMessages, parseNotificationMessageQuery } from "@/lib/notifications/list-notification-messages";
import { notificationMessageView } from "@/lib/notifications/notification-message-view";
import { userEmails } from "@/lib/accounts/user-emails";

/** The contact messages: sent, failed, and (without SMTP_URL / SMS_API_BASE_URL) the outbox. */
export const GET = dashboardRoute(async ({ request, db, user }) => {
  const { filter, paging } = parseNotificationMessageQuery(new URL(request.url).searchParams);
  const page = await listNotificationMessages(db, user.organization.id, filter, paging);
  const requesters = await userEmails(
    db,
    page.messages.map((message) => message.requestedBy),
  );
  return { messages: page.messages.map((message) => notificationMessageView(message, requesters)), nextCursor: page.nextCursor };
});
