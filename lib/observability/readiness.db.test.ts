import { describe, expect, it } from "vitest";
import { setupTestDatabase } from "@/testing/setup-test-database";
import { readiness } from "./readiness";

const database = setupTestDatabase();

describe("readiness", () => {
  it("is ready with the database migrated and the worker running", async () => {
    expect(
      await readiness(
        async () => database.db,
        () => "ok",
      ),
    ).toEqual({ ready: true, checks: { database: "ok", migrations: "ok", worker: "ok" } });
    expect(
      (
        await readiness(
          async () => database.db,
          () => "external",
        )
      ).ready,
    ).toBe(true);
  });

  it("fails while the database is unreachable, and while the worker is stopped", async () => {
    const unreachable = await readiness(
      () => Promise.reject(new Error("connect ECONNREFUSED 127.0.0.1:5432")),
      () => "ok",
    );
    expect(unreachable.ready).toBe(false);
    expect(unreachable.checks.database).toMatch(/unreachable: connect ECONNREFUSED/);
    const hanging = await readiness(
      () => new Promise(() => {}),
      () => "ok",
    );
    expect(hanging.checks.database).toMatch(/no answer within/);
    expect(
      (
        await readiness(
          async () => database.db,
          () => "stopped",
        )
      ).ready,
    ).toBe(false);
  });
});
