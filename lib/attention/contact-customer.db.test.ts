import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { notificationMessages } from "@/db/schema";
import { addMember } from "@/lib/accounts/add-member";
import { setMessagesPerDay } from "@/lib/accounts/set-organization-limits";
import { resetEnvForTests } from "@/lib/env";
import { messageQuotaToday } from "@/lib/notifications/message-quota";
import { notificationTransports } from "@/lib/notifications/notification-transports";
import { prepareContactNotifications } from "@/lib/notifications/prepare-contact-notifications";
import { QUOTA_REACHED, sendNotificationMessage } from "@/lib/notifications/send-notification-message";
import { createTenant } from "@/testing/factories";
import { setupTestDatabase } from "@/testing/setup-test-database";
import { startSmtpCapture, type SmtpCapture } from "@/testing/smtp-capture";
import { createTestTracking, storeScan } from "@/testing/tracking-updates";
import { contactCustomer } from "./contact-customer";
import { evaluateAttention } from "./evaluate-attention";

const database = setupTestDatabase();
const day = (date: string, hour = 12) => new Date(`${date}T${String(hour).padStart(2, "0")}:00:00Z`);
let smtp: SmtpCapture;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  process.env.SMTP_URL = smtp.url;
  resetEnvForTests();
});
afterEach(() => {
  smtp.messages.length = 0;
});
afterAll(async () => {
  delete process.env.SMTP_URL;
  resetEnvForTests();
  await smtp.close();
});

async function shipment(options: { stalled: boolean }) {
  const { organization, key } = await createTenant(database.db);
  const { userId } = await addMember(database.db, organization.id, { email: `member-${organization.id}@shop.example`, role: "member" });
  const trackingId = await createTestTracking(key, { emails: ["kim@example.com"], title: "Blue mug" });
  await storeScan(organization.id, trackingId, { tag: "InTransit", subtag: "InTransit_002", message: "Accepted", checkpointTime: "2026-03-02T09:00:00" });
  // Monday 16 March: two quiet working weeks put it in the queue; on 3 March nothing is wrong yet.
  await evaluateAttention(database.db, organization.id, options.stalled ? day("2026-03-16") : day("2026-03-03"));
  return { organization, trackingId, userId };
}

const requestedMessages = (organizationId: string, trackingId: string) =>
  database.db
    .select()
    .from(notificationMessages)
    .where(and(eq(notificationMessages.organizationId, organizationId), eq(notificationMessages.trackingId, trackingId)));

describe("contact customer", () => {
  it("is only for a shipment in the needs-attention queue", async () => {
    const { organization, trackingId, userId } = await shipment({ stalled: false });
    await expect(contactCustomer(database.db, organization.id, trackingId, userId, day("2026-03-03"))).rejects.toMatchObject({ kind: "not-allowed" });
    expect(smtp.messages).toEqual([]);
  });

  it("sends once per status in a day, recording who asked", async () => {
    const { organization, trackingId, userId } = await shipment({ stalled: true });
    expect(await contactCustomer(database.db, organization.id, trackingId, userId, day("2026-03-16", 9))).toBe(1);
    await expect(contactCustomer(database.db, organization.id, trackingId, userId, day("2026-03-16", 10))).rejects.toMatchObject({
      kind: "limit-reached",
      untilLater: true,
      message: expect.stringContaining("can be sent again after 2026-03-17T09:00:00.000Z"),
    });
    // Past midnight but inside the window: still refused.
    await expect(contactCustomer(database.db, organization.id, trackingId, userId, day("2026-03-17", 8))).rejects.toMatchObject({ kind: "limit-reached" });
    expect(await contactCustomer(database.db, organization.id, trackingId, userId, day("2026-03-17", 10))).toBe(1);
    const messages = await requestedMessages(organization.id, trackingId);
    expect(messages.map((message) => [message.recipient, message.status, message.requestedBy])).toEqual([
      ["kim@example.com", "sent", userId],
      ["kim@example.com", "sent", userId],
    ]);
    expect(smtp.messages).toHaveLength(2);
  });

  it("stops at the organisation's daily quota, which status messages count against too", async () => {
    const { organization, trackingId, userId } = await shipment({ stalled: true });
    await setMessagesPerDay(database.db, organization.id, 1);
    // A status message leaves first and uses today's one message.
    const transports = notificationTransports();
    const [statusMessage] = await prepareContactNotifications(
      database.db,
      { organizationId: organization.id, trackingId, sourceEventId: "status-1", trigger: "InTransit" },
      transports,
    );
    expect(await sendNotificationMessage(database.db, organization.id, statusMessage!, transports, { finalAttempt: false })).toBe("sent");
    expect(await messageQuotaToday(database.db, { ...organization, messagesPerDay: 1 }, new Date())).toEqual({ sent: 1, limit: 1 });
    await expect(contactCustomer(database.db, organization.id, trackingId, userId, new Date())).rejects.toMatchObject({
      kind: "limit-reached",
      limit: "message-quota",
      message: expect.stringContaining("1 of 1 sent"),
    });
    // The next status message is kept, not sent, with the reason.
    const [next] = await prepareContactNotifications(
      database.db,
      { organizationId: organization.id, trackingId, sourceEventId: "status-2", trigger: "InTransit" },
      transports,
    );
    expect(await sendNotificationMessage(database.db, organization.id, next!, transports, { finalAttempt: false })).toBe("failed");
    expect((await requestedMessages(organization.id, trackingId)).find((message) => message.id === next)).toMatchObject({ error: QUOTA_REACHED });
    expect(smtp.messages).toHaveLength(1);
    // Raised by the operator, the kept message goes on its next attempt, counted then.
    await setMessagesPerDay(database.db, organization.id, 5);
    expect(await sendNotificationMessage(database.db, organization.id, next!, transports, { finalAttempt: false })).toBe("sent");
    expect(await messageQuotaToday(database.db, { ...organization, messagesPerDay: 5 }, new Date())).toEqual({ sent: 2, limit: 5 });
  });
});
