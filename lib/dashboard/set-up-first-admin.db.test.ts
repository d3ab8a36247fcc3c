import { describe, expect, it, vi } from "vitest";
import * as firstAdmin from "@/app/api/auth/first-admin/route";
import * as hashing from "@/lib/accounts/hash-password";
import { getMembership } from "@/lib/accounts/get-membership";
import { issueSetupToken } from "@/lib/accounts/setup-token";
import { verifyCredentials } from "@/lib/accounts/verify-credentials";
import { setupTestDatabase } from "@/testing/setup-test-database";
import { needsFirstAdmin } from "./needs-first-admin";

const testDb = setupTestDatabase();

function post(body: unknown) {
  return firstAdmin.POST(
    new Request("http://waybill.test/api/auth/first-admin", {
      method: "POST",
      headers: { "content-type": "application/json", origin: "http://waybill.test" },
      body: JSON.stringify(body),
    }),
  );
}

describe("creating the first admin from the sign-in page", () => {
  it("needs a setup token the server issued: a stranger reaching a fresh install cannot become admin", async () => {
    expect(await needsFirstAdmin()).toBe(true);
    await issueSetupToken(testDb.db);
    for (const setupToken of [undefined, "", "wbs_guessed", "  "]) {
      const refused = await post({ email: "stranger@example.com", password: "a-long-password", setupToken });
      expect(refused.status).toBe(403);
      expect((await refused.json()).error.message).toMatch(/setup token/);
    }
    expect(await needsFirstAdmin()).toBe(true);
    expect(await verifyCredentials(testDb.db, "stranger@example.com", "a-long-password")).toBeNull();
  });

  it("works once with the token, as an admin of the demo organisation; the token is then spent", async () => {
    const setupToken = await issueSetupToken(testDb.db);
    const weak = await post({ email: "owner@example.com", password: "short", setupToken });
    expect(weak.status).toBe(400);
    expect((await weak.json()).error.message).toMatch(/at least 8/);

    const created = await post({ name: "Owner", email: "Owner@Example.com", password: "a-long-password", setupToken: ` ${setupToken} ` });
    expect(created.status).toBe(200);
    expect(await created.json()).toEqual({ email: "owner@example.com" });
    expect(await needsFirstAdmin()).toBe(false);
    const user = await verifyCredentials(testDb.db, "owner@example.com", "a-long-password");
    expect((await getMembership(testDb.db, user!.id))?.role).toBe("admin");

    const again = await post({ email: "intruder@example.com", password: "another-password", setupToken });
    expect(again.status).toBe(409);
    expect(await verifyCredentials(testDb.db, "intruder@example.com", "another-password")).toBeNull();
  });

  it("answers cheaply once a user exists: no password hash, whatever the body", async () => {
    const hash = vi.spyOn(hashing, "hashPassword");
    const setupToken = await issueSetupToken(testDb.db);
    const answers = await Promise.all(Array.from({ length: 20 }, () => post({ email: "x@example.com", password: "a-long-password", setupToken })));
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(409));
    expect(hash).not.toHaveBeenCalled();
    hash.mockRestore();
  });
});
