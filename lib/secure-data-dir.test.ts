import { mkdirSync, mkdtempSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { secureDataDir } from "./secure-data-dir";

describe("the embedded data directory", () => {
  it("is made owner-only, and key files an older version left readable become owner-only", () => {
    const dir = path.join(mkdtempSync(path.join(os.tmpdir(), "waybill-perm-")), ".data");
    mkdirSync(dir, { mode: 0o755 });
    writeFileSync(path.join(dir, "encryption.key"), "k", { mode: 0o644 });
    secureDataDir(dir);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(statSync(path.join(dir, "encryption.key")).mode & 0o777).toBe(0o600);
    const fresh = path.join(dir, "..", "fresh");
    secureDataDir(fresh);
    expect(statSync(fresh).mode & 0o777).toBe(0o700);
  });
});
