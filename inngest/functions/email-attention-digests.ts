import { getDb } from "@/db/client";
import { listOrganizations } from "@/lib/accounts/list-organizations";
import { notificationTransports } from "@/lib/notifications/notification-transports";
import { sendEmail } from "@/lib/notifications/send-email";
import { composeAttentionDigest } from "@/lib/attention/attention-digest";
import { inngest } from "@/lib/events/client";

/**
 * Every morning (07:00 UTC), each organisation's admins get one e-mail listing the shipments that
 * need attention, if any do and SMTP is configured (the digest has no outbox: it is about many trackings).
 */
export const emailAttentionDigests = inngest.createFunction({ id: "attention-digest", triggers: [{ cron: "0 7 * * *" }] }, async ({ step }) => {
  const smtp = notificationTransports().smtp;
  if (!smtp) return { sent: 0, reason: "SMTP_URL is not set" };
  const organizations = await step.run("list-organizations", async () =>
    (await listOrganizations(await getDb())).map((organization) => ({ id: organization.id, name: organization.name })),
  );
  let sent = 0;
  for (const organization of organizations) {
    const day = new Date().toISOString().slice(0, 10);
    sent += await step.run(`digest-${organization.id}`, async () => {
      const digest = await composeAttentionDigest(await getDb(), organization.id, organization.name, new Date());
      if (!digest) return 0;
      for (const to of digest.to) {
        // One message id per organisation, admin and day: a repeated step is recognised by the server.
        await sendEmail(
          { to, subject: digest.subject, text: digest.text, language: "en", messageId: `<attention-${organization.id}-${day}-${to}@waybill.digest>` },
          smtp,
        );
      }
      return digest.to.length;
    });
  }
  return { sent };
});
