import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { resetEnvForTests } from "@/lib/env";
import { nextAuthSecret, resetNextAuthSecretForTests } from "./nextauth-secret";

const saved = { ...process.env };
const dirs: string[] = [];

function freshDataDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "waybill-secret-"));
  dirs.push(dir);
  return dir;
}

function configure(values: Record<string, string | undefined>) {
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  resetEnvForTests();
  resetNextAuthSecretForTests();
}

afterEach(() => {
  process.env = { ...saved };
  resetEnvForTests();
  resetNextAuthSecretForTests();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("nextAuthSecret", () => {
  it("uses NEXTAUTH_SECRET when it is set and writes nothing", () => {
    const dir = freshDataDir();
    configure({ NEXTAUTH_SECRET: "from-the-environment", WAYBILL_DATA_DIR: dir });
    expect(nextAuthSecret()).toBe("from-the-environment");
    expect(() => statSync(path.join(dir, "nextauth.secret"))).toThrow();
  });

  it("otherwise generates one, keeps it private in the data directory and reads it back after a restart", () => {
    const dir = freshDataDir();
    configure({ NEXTAUTH_SECRET: undefined, WAYBILL_DATA_DIR: dir });
    const first = nextAuthSecret();
    expect(first.length).toBeGreaterThanOrEqual(40);
    const file = path.join(dir, "nextauth.secret");
    expect(readFileSync(file, "utf8")).toBe(first);
    expect(statSync(file).mode & 0o077).toBe(0);
    resetNextAuthSecretForTests();
    expect(nextAuthSecret()).toBe(first);
  });
});
