import { describe, expect, it } from "vitest";
import { addMember } from "@/lib/accounts/add-member";
import { getMembership } from "@/lib/accounts/get-membership";
import { runCommandLine } from "@/lib/operators/commands";
import { setupTestDatabase } from "@/testing/setup-test-database";
import { createTenant } from "@/testing/factories";
import type { DashboardUser } from "./session";
import { switchOrganization } from "./switch-organization";

const testDb = setupTestDatabase();

describe("a user in several organisations", () => {
  it("works in the one they chose while a member of it, else in their oldest", async () => {
    const { organization: first } = await createTenant(testDb.db, { name: "First" });
    const { userId } = await addMember(testDb.db, first.id, { email: "both@example.test", role: "member" });
    const second = await runCommandLine(testDb.db, [
      "org",
      "create",
      "--name",
      "Second",
      "--admin-email",
      "both@example.test",
      "--admin-password",
      "long-enough-1",
    ]);
    expect(second.output).toContain("an existing account, password unchanged");
    const secondId = /^Organisation: (\S+)/m.exec(second.output)![1]!;
    const { organization: stranger } = await createTenant(testDb.db, { name: "Stranger" });

    expect((await getMembership(testDb.db, userId))?.organization.id).toBe(first.id);
    expect(await getMembership(testDb.db, userId, secondId)).toMatchObject({ organization: { id: secondId }, role: "admin" });
    // A chosen organisation they do not belong to is never theirs.
    expect((await getMembership(testDb.db, userId, stranger.id))?.organization.id).toBe(first.id);

    const user = { id: userId, organization: first } as DashboardUser;
    const switched = await switchOrganization(testDb.db, user, secondId);
    expect(switched.headers.get("set-cookie")).toMatch(new RegExp(`^waybill-organization=${secondId}; Path=/; HttpOnly; SameSite=Lax`));
    expect((await switched.json()).organizations.map((organization: { name: string }) => organization.name)).toEqual(["First", "Second"]);
    await expect(switchOrganization(testDb.db, user, stranger.id)).rejects.toMatchObject({ kind: "not-found" });
  });
});
