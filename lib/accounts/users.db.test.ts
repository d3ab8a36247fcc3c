import { describe, expect, it } from "vitest";
import { ConflictError, NotFoundError } from "@/lib/domain-errors";
import { setupTestDatabase } from "@/testing/setup-test-database";
import { createTenant } from "@/testing/factories";
import { addMember } from "./add-member";
import { changeMemberRole } from "./change-member-role";
import { changePassword } from "./change-password";
import { createFirstAdmin } from "./create-first-admin";
import { getMembership } from "./get-membership";
import { hasAnyUser } from "./has-any-user";
import { endSessions, sessionStamp } from "./session-stamp";
import { listMembers } from "./list-members";
import { removeMember } from "./remove-member";
import { verifyCredentials } from "./verify-credentials";

const testDb = setupTestDatabase();

let sequence = 0;
const email = () => `person${++sequence}-${Date.now()}@example.com`;

async function organizationWithAdmin() {
  const { organization } = await createTenant(testDb.db);
  const admin = await addMember(testDb.db, organization.id, { email: email(), role: "admin" });
  return { organization, admin };
}

describe("the first admin", () => {
  it("is created once, lower-cased, as an admin of the organisation; later calls return null", async () => {
    const { organization } = await createTenant(testDb.db);
    expect(await hasAnyUser(testDb.db)).toBe(false);
    const user = await createFirstAdmin(testDb.db, {
      organizationId: organization.id,
      email: "  Boss@Example.COM ",
      password: "correct-horse",
      name: "Boss",
    });
    expect(user).toMatchObject({ email: "boss@example.com", name: "Boss" });
    expect(user!.passwordHash).not.toContain("correct-horse");
    expect(await hasAnyUser(testDb.db)).toBe(true);
    expect(await getMembership(testDb.db, user!.id)).toMatchObject({ role: "admin", organization: { id: organization.id } });

    const second = await createFirstAdmin(testDb.db, { organizationId: organization.id, email: "other@example.com", password: "correct-horse" });
    expect(second).toBeNull();
  });

  it("refuses a short password", async () => {
    const { organization } = await createTenant(testDb.db);
    await expect(createFirstAdmin(testDb.db, { organizationId: organization.id, email: email(), password: "short" })).rejects.toThrow(/at least 8/);
  });
});

describe("verifyCredentials", () => {
  it("accepts the right password whatever the address's case, refuses a wrong one and an unknown address", async () => {
    const { organization } = await createTenant(testDb.db);
    const address = email();
    const { initialPassword, userId } = await addMember(testDb.db, organization.id, { email: address, role: "member" });
    expect((await verifyCredentials(testDb.db, address.toUpperCase(), initialPassword))?.id).toBe(userId);
    expect(await verifyCredentials(testDb.db, address, `${initialPassword}x`)).toBeNull();
    expect(await verifyCredentials(testDb.db, "nobody@example.com", initialPassword)).toBeNull();
  });
});

describe("members", () => {
  it("an admin adds a member with a generated password shown once; the address is unique", async () => {
    const { organization } = await organizationWithAdmin();
    const address = email();
    const added = await addMember(testDb.db, organization.id, { email: address, name: " Mo ", role: "member" });
    expect(added.initialPassword).toMatch(/^[a-z0-9]{16}$/);
    const members = await listMembers(testDb.db, organization.id);
    expect(members.map((member) => [member.email, member.role])).toContainEqual([address, "member"]);
    expect(members.find((member) => member.email === address)?.name).toBe("Mo");
    await expect(addMember(testDb.db, organization.id, { email: address.toUpperCase(), role: "member" })).rejects.toBeInstanceOf(ConflictError);
  });

  it("never leaves an organisation without an admin", async () => {
    const { organization, admin } = await organizationWithAdmin();
    await expect(changeMemberRole(testDb.db, organization.id, admin.userId, "member")).rejects.toBeInstanceOf(ConflictError);
    await expect(removeMember(testDb.db, organization.id, admin.userId)).rejects.toThrow(/at least one admin/);

    const second = await addMember(testDb.db, organization.id, { email: email(), role: "member" });
    await changeMemberRole(testDb.db, organization.id, second.userId, "admin");
    await changeMemberRole(testDb.db, organization.id, admin.userId, "member");
    expect((await getMembership(testDb.db, admin.userId))?.role).toBe("member");
    await expect(changeMemberRole(testDb.db, organization.id, second.userId, "member")).rejects.toBeInstanceOf(ConflictError);
  });

  it("two admins demoting each other at once leave one admin", async () => {
    const { organization, admin } = await organizationWithAdmin();
    const other = await addMember(testDb.db, organization.id, { email: email(), role: "admin" });
    const results = await Promise.allSettled([
      changeMemberRole(testDb.db, organization.id, admin.userId, "member"),
      changeMemberRole(testDb.db, organization.id, other.userId, "member"),
    ]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    const admins = (await listMembers(testDb.db, organization.id)).filter((member) => member.role === "admin");
    expect(admins).toHaveLength(1);
  });

  it("removing a member deletes their account and ends their session; other organisations are untouched", async () => {
    const { organization } = await organizationWithAdmin();
    const { organization: elsewhere } = await organizationWithAdmin();
    const member = await addMember(testDb.db, organization.id, { email: email(), role: "member" });
    await expect(removeMember(testDb.db, elsewhere.id, member.userId)).rejects.toBeInstanceOf(NotFoundError);
    await expect(changeMemberRole(testDb.db, elsewhere.id, member.userId, "admin")).rejects.toBeInstanceOf(NotFoundError);
    await removeMember(testDb.db, organization.id, member.userId);
    expect(await getMembership(testDb.db, member.userId)).toBeNull();
    expect(await verifyCredentials(testDb.db, member.email, member.initialPassword)).toBeNull();
  });
});

describe("changePassword", () => {
  it("needs the current password, then changes the hash (and so the session stamp)", async () => {
    const { organization } = await createTenant(testDb.db);
    const member = await addMember(testDb.db, organization.id, { email: email(), role: "member" });
    const before = (await getMembership(testDb.db, member.userId))!.user;
    await expect(changePassword(testDb.db, member.userId, { currentPassword: "wrong-one", newPassword: "new-password-1" })).rejects.toThrow(/current password/);
    await expect(changePassword(testDb.db, member.userId, { currentPassword: member.initialPassword, newPassword: "short" })).rejects.toThrow(/at least 8/);
    await changePassword(testDb.db, member.userId, { currentPassword: member.initialPassword, newPassword: "new-password-1" });
    const after = (await getMembership(testDb.db, member.userId))!.user;
    expect(sessionStamp(after)).not.toBe(sessionStamp(before));
    expect(await verifyCredentials(testDb.db, member.email, "new-password-1")).not.toBeNull();
  });
});

describe("signing out", () => {
  it("changes the session stamp, so every session of that user ends, and no one else's", async () => {
    const { organization } = await createTenant(testDb.db);
    const leaving = await addMember(testDb.db, organization.id, { email: email(), role: "member" });
    const staying = await addMember(testDb.db, organization.id, { email: email(), role: "member" });
    const stampOf = async (userId: string) => sessionStamp((await getMembership(testDb.db, userId))!.user);
    const [leavingBefore, stayingBefore] = [await stampOf(leaving.userId), await stampOf(staying.userId)];
    await endSessions(testDb.db, leaving.userId);
    expect(await stampOf(leaving.userId)).not.toBe(leavingBefore);
    expect(await stampOf(staying.userId)).toBe(stayingBefore);
  });
});
