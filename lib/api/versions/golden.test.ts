import { readFileSync, writeFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { resetEncryptionKeyForTests } from "@/lib/connections/encryption-key";
import { resetEnvForTests } from "@/lib/env";
import { API_VERSIONS } from "../types";
import { trackingCodecs } from ".";
import { fullRecord, GOLDEN_NOW, plainRecord } from "@/testing/api/golden-records";

// Each version's output frozen for a plain and a fully filled tracking: an edit meant for one
// version cannot silently change another. `UPDATE_GOLDEN=1 npx vitest run golden` rewrites them.
const golden = (version: string, kind: string) => new URL(`./golden/${version}.${kind}.json`, import.meta.url);

beforeAll(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(GOLDEN_NOW);
  // Tracking page links are signed with the server's key and name its public address: both fixed here.
  vi.stubEnv("WAYBILL_ENCRYPTION_KEY", Buffer.alloc(32, 7).toString("base64"));
  vi.stubEnv("PUBLIC_BASE_URL", "https://track.example.com");
  resetEnvForTests();
  resetEncryptionKeyForTests();
});
afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
  resetEnvForTests();
  resetEncryptionKeyForTests();
});

describe("golden output per version", () => {
  for (const version of API_VERSIONS) {
    for (const [kind, record] of [
      ["plain", plainRecord],
      ["full", fullRecord],
    ] as const) {
      it(`${version}: a ${kind} tracking, as answered and as a webhook's msg`, () => {
        const codec = trackingCodecs[version];
        const output = JSON.stringify({ single: codec.single(record()), webhook: codec.tracking(record()) }, null, 2) + "\n";
        const file = golden(version, kind);
        if (process.env.UPDATE_GOLDEN === "1") writeFileSync(file, output);
        expect(output).toBe(readFileSync(file, "utf8"));
      });
    }
  }
});
