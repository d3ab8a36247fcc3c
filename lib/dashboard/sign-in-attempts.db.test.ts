import { RateLimiterMemory } from "rate-limiter-flexible";
import { describe, expect, it } from "vitest";
import { createOrganizationWithAdmin } from "@/lib/accounts/create-organization-with-admin";
import { CLIENT_ADDRESS_HEADER } from "@/lib/http/client-address";
import { postgresStoreFactory, type StoreFactory } from "@/lib/rate-limit-store";
import { setupTestDatabase } from "@/testing/setup-test-database";
import { testDatabaseKind } from "@/testing/create-test-database";
import { authorize } from "./auth-options";
import { signInAttempts, SignInThrottled, TRIES_PER_ACCOUNT_AND_ADDRESS, TRIES_PER_ADDRESS } from "./sign-in-attempts";

const testDb = setupTestDatabase();
const memoryStore: StoreFactory = async ({ points, durationSeconds, keyPrefix }) => new RateLimiterMemory({ points, duration: durationSeconds, keyPrefix });
let sequence = 0;

async function admin() {
  const email = `admin-${Date.now()}-${++sequence}@example.test`;
  await createOrganizationWithAdmin(testDb.db, { name: "Signers", adminEmail: email, adminPassword: "correct-horse-battery" });
  return email;
}

const from = (address: string) => ({ headers: { [CLIENT_ADDRESS_HEADER]: address } });

describe("sign-in limits", () => {
  it("count a parallel burst before the slow password check: only the budget's worth get an answer", async () => {
    const email = await admin();
    const address = `198.51.100.${++sequence}`;
    const outcomes = await Promise.allSettled(
      Array.from({ length: TRIES_PER_ACCOUNT_AND_ADDRESS + 5 }, () => authorize({ email, password: "wrong-password-1" }, from(address))),
    );
    const throttled = outcomes.filter((outcome) => outcome.status === "rejected" && outcome.reason instanceof SignInThrottled);
    expect(throttled).toHaveLength(5);
    // The address is slowed, not the account: the admin signs in from their own network.
    expect(await authorize({ email, password: "correct-horse-battery" }, from(`203.0.113.${sequence}`))).toMatchObject({ email });
  }, 60_000);

  it("refund a right password, so a person who signs in often is never slowed", async () => {
    const email = await admin();
    const address = `192.0.2.${++sequence}`;
    for (let i = 0; i < TRIES_PER_ACCOUNT_AND_ADDRESS + 3; i++) {
      expect(await authorize({ email, password: "correct-horse-battery" }, from(address))).toMatchObject({ email });
    }
  }, 60_000);

  it("slow an address that sprays many accounts", async () => {
    const take = signInAttempts(memoryStore);
    const address = "198.51.100.200";
    for (let i = 0; i < TRIES_PER_ADDRESS; i++) await take(`victim-${i}@example.test`, address);
    await expect(take("one-more@example.test", address)).rejects.toBeInstanceOf(SignInThrottled);
    await expect(take("one-more@example.test", "198.51.100.201")).resolves.toBeTypeOf("function");
  });

  it.runIf(testDatabaseKind() === "postgres")("share the counts between instances through PostgreSQL", async () => {
    const instanceA = signInAttempts(postgresStoreFactory(testDb.handle.sql!));
    const instanceB = signInAttempts(postgresStoreFactory(testDb.handle.sql!));
    const email = `shared-${Date.now()}@example.test`;
    const address = `203.0.113.${++sequence}`;
    for (let i = 0; i < TRIES_PER_ACCOUNT_AND_ADDRESS; i++) await (i % 2 ? instanceA : instanceB)(email, address);
    await expect(instanceA(email, address)).rejects.toBeInstanceOf(SignInThrottled);
    await expect(instanceB(email, address)).rejects.toBeInstanceOf(SignInThrottled);
  });
});
