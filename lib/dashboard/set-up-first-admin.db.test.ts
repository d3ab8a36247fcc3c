import { describe, expect, it } from "vitest";
import * as firstAdmin from "@/app/api/auth/first-admin/route";
import { getMembership } from "@/lib/accounts/get-membership";
import { verifyCredentials } from "@/lib/accounts/verify-credentials";
import { setupTestDatabase } from "@/lib/testing/database";
import { needsFirstAdmin } from "./needs-first-admin";

const testDb = setupTestDatabase();

function post(body: unknown) {
  return firstAdmin.POST(new Request("http://waybill.test/api/auth/first-admin", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) }));
}

describe("creating the first admin from the sign-in page", () => {
  it("works once, on a fresh install, as an admin of the demo organisation", async () => {
    expect(await needsFirstAdmin()).toBe(true);
    const weak = await post({ email: "owner@example.com", password: "short" });
    expect(weak.status).toBe(400);
    expect((await weak.json()).error.message).toMatch(/at least 8/);

    const created = await post({ name: "Owner", email: "Owner@Example.com", password: "a-long-password" });
    expect(created.status).toBe(200);
    expect(await created.json()).toEqual({ email: "owner@example.com" });
    expect(await needsFirstAdmin()).toBe(false);
    const user = await verifyCredentials(testDb.db, "owner@example.com", "a-long-password");
    expect((await getMembership(testDb.db, user!.id))?.role).toBe("admin");

    const again = await post({ email: "intruder@example.com", password: "another-password" });
    expect(again.status).toBe(409);
    expect(await verifyCredentials(testDb.db, "intruder@example.com", "another-password")).toBeNull();
  });
});
