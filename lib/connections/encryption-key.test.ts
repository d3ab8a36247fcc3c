import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { env, resetEnvForTests } from "@/lib/env";
import { ENCRYPTION_KEY_FILE, encryptionKey, resetEncryptionKeyForTests } from "./encryption-key";

const dirs: string[] = [];

function useDataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "waybill-key-"));
  dirs.push(dir);
  vi.stubEnv("WAYBILL_DATA_DIR", dir);
  vi.stubEnv("WAYBILL_ENCRYPTION_KEY", undefined);
  vi.stubEnv("DATABASE_URL", undefined);
  resetEnvForTests();
  resetEncryptionKeyForTests();
  return dir;
}

afterEach(() => {
  vi.unstubAllEnvs();
  resetEnvForTests();
  resetEncryptionKeyForTests();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("encryptionKey", () => {
  it("uses WAYBILL_ENCRYPTION_KEY when set", () => {
    const key = randomBytes(32);
    useDataDir();
    vi.stubEnv("WAYBILL_ENCRYPTION_KEY", key.toString("hex"));
    resetEnvForTests();
    expect(encryptionKey()).toEqual(key);
  });

  it("refuses a malformed WAYBILL_ENCRYPTION_KEY when the configuration is read", () => {
    vi.stubEnv("WAYBILL_ENCRYPTION_KEY", "too-short");
    resetEnvForTests();
    expect(() => env()).toThrow(/WAYBILL_ENCRYPTION_KEY: expected 32 bytes/);
  });

  it("generates a key file (mode 0600) once in the data directory and keeps using it", () => {
    const dir = useDataDir();
    const key = encryptionKey();
    const file = path.join(dir, ENCRYPTION_KEY_FILE);
    expect(key).toHaveLength(32);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(Buffer.from(readFileSync(file, "utf8").trim(), "base64")).toEqual(key);

    resetEncryptionKeyForTests();
    expect(encryptionKey()).toEqual(key);
  });

  it("refuses a key file that holds no key", () => {
    const dir = useDataDir();
    writeFileSync(path.join(dir, ENCRYPTION_KEY_FILE), "not a key\n");
    expect(() => encryptionKey()).toThrow(/does not hold a 32-byte key/);
  });
});
