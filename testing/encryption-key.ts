import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, vi } from "vitest";
import { resetEncryptionKeyForTests } from "@/lib/connections/encryption-key";
import { resetEnvForTests } from "@/lib/env";

/** A fresh `WAYBILL_ENCRYPTION_KEY` for the suite (or describe block) that calls it, taken back afterwards. */
export function withTestEncryptionKey(): void {
  beforeAll(() => {
    vi.stubEnv("WAYBILL_ENCRYPTION_KEY", randomBytes(32).toString("base64"));
    resetEnvForTests();
    resetEncryptionKeyForTests();
  });
  afterAll(() => {
    vi.unstubAllEnvs();
    resetEnvForTests();
    resetEncryptionKeyForTests();
  });
}
