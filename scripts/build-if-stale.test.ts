import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { buildIsFresh, sourceStamp } from "./build-if-stale.mjs";

function project(): string {
  const root = mkdtempSync(join(tmpdir(), "waybill-stamp-"));
  mkdirSync(join(root, "lib"), { recursive: true });
  mkdirSync(join(root, ".next"), { recursive: true });
  writeFileSync(join(root, "lib/a.ts"), "export const a = 1;\n");
  writeFileSync(join(root, "next.config.ts"), "export default {};\n");
  return root;
}

function markBuilt(root: string, flavour: string): void {
  writeFileSync(join(root, ".next/BUILD_ID"), "x");
  writeFileSync(join(root, ".next/waybill-source-stamp"), sourceStamp(root, flavour));
}

describe("npm start rebuilds only when the sources changed", () => {
  it("finds a build of the same sources fresh", () => {
    const root = project();
    expect(buildIsFresh(root, "production")).toBe(false);
    markBuilt(root, "production");
    expect(buildIsFresh(root, "production")).toBe(true);
  });

  it("finds it stale after a source edit, a new file, or for another flavour, but not after a test edit", () => {
    const root = project();
    markBuilt(root, "production");
    writeFileSync(join(root, "lib/a.test.ts"), "// tests are not in the build\n");
    expect(buildIsFresh(root, "production")).toBe(true);
    expect(buildIsFresh(root, "bench")).toBe(false);
    writeFileSync(join(root, "lib/a.ts"), "export const a = 2;\n");
    expect(buildIsFresh(root, "production")).toBe(false);
    markBuilt(root, "production");
    writeFileSync(join(root, "lib/b.ts"), "export const b = 1;\n");
    expect(buildIsFresh(root, "production")).toBe(false);
  });
});
