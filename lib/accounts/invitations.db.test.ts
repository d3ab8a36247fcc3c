import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as acceptRoute from "@/app/api/auth/invitations/route";
import { resetEnvForTests } from "@/lib/env";
import { startSmtpCapture, type SmtpCapture } from "@/testing/smtp-capture";
import { setupTestDatabase } from "@/testing/setup-test-database";
import { createTenant } from "@/testing/factories";
import { findOpenInvitation } from "./accept-invitation";
import { addMember } from "./add-member";
import { getMembership, listUserOrganizations } from "./get-membership";
import { inviteMember } from "./invite-member";
import { verifyCredentials } from "./verify-credentials";

const testDb = setupTestDatabase();
let smtp: SmtpCapture;
const inviter = { id: "admin-1", name: "Ada Admin", email: "ada@example.test" };

function accept(body: unknown) {
  return acceptRoute.POST(
    new Request("http://waybill.test/api/auth/invitations", {
      method: "POST",
      headers: { "content-type": "application/json", origin: "http://waybill.test" },
      body: JSON.stringify(body),
    }),
  );
}

function setSmtp(url: string | undefined) {
  if (url) process.env.SMTP_URL = url;
  else delete process.env.SMTP_URL;
  resetEnvForTests();
}

beforeAll(async () => {
  smtp = await startSmtpCapture();
});
afterAll(async () => {
  setSmtp(undefined);
  await smtp.close();
});

describe("inviting members by e-mail", () => {
  it("e-mails a one-time link through SMTP; the invitee sets a password and joins, once", async () => {
    setSmtp(smtp.url);
    const { organization } = await createTenant(testDb.db, { name: "Invite Co" });
    const sent = await inviteMember(testDb.db, organization, inviter, { email: "New.Person@example.test", role: "admin" }, "https://track.example.com/");
    expect(sent.link).toBeUndefined();
    const mail = smtp.messages.find((message) => message.to.includes("new.person@example.test"))!;
    expect(mail.subject).toBe("Join Invite Co on Waybill");
    expect(mail.text).toContain("Ada Admin invited you to work with Invite Co on Waybill, as an admin.");
    const token = /https:\/\/track\.example\.com\/invite\/([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
    expect(await findOpenInvitation(testDb.db, token)).toMatchObject({ organizationName: "Invite Co", accountExists: false });

    expect((await accept({ token, password: "short" })).status).toBe(400);
    const joined = await accept({ token, password: "a-long-password", name: "New Person" });
    expect(await joined.json()).toEqual({ email: "new.person@example.test" });
    const user = await verifyCredentials(testDb.db, "new.person@example.test", "a-long-password");
    expect(await getMembership(testDb.db, user!.id)).toMatchObject({ organization: { id: organization.id }, role: "admin" });

    const again = await accept({ token, password: "another-password" });
    expect(again.status).toBe(404);
    expect((await again.json()).error.message).toMatch(/expired or was used/);
    expect(await findOpenInvitation(testDb.db, token)).toBeNull();
  });

  it("lets someone with an account join with their own password, and hands the link to the admin without SMTP", async () => {
    setSmtp(undefined);
    const { organization: home } = await createTenant(testDb.db, { name: "Home" });
    const existing = await addMember(testDb.db, home.id, { email: "already@example.test", role: "member" });
    const { organization: other } = await createTenant(testDb.db, { name: "Other" });
    const sent = await inviteMember(testDb.db, other, inviter, { email: "already@example.test", role: "member" }, "http://localhost:3000");
    const token = /\/invite\/(\S+)$/.exec(sent.link!)![1]!;
    expect(await findOpenInvitation(testDb.db, token)).toMatchObject({ accountExists: true });

    expect((await accept({ token, password: "not-their-password" })).status).toBe(403);
    expect((await accept({ token, password: existing.initialPassword })).status).toBe(200);
    expect((await listUserOrganizations(testDb.db, existing.userId)).map((organization) => organization.name)).toEqual(["Home", "Other"]);

    await expect(inviteMember(testDb.db, other, inviter, { email: "already@example.test", role: "admin" }, "http://localhost:3000")).rejects.toMatchObject({
      kind: "conflict",
    });
  });
});
