import { describe, expect, it } from "vitest";
import { localPath } from "./local-path";

describe("localPath", () => {
  it("keeps paths on this site and refuses anything that leaves it", () => {
    expect(localPath("/trackings/abc?x=1")).toBe("/trackings/abc?x=1");
    expect(localPath(undefined)).toBe("/trackings");
    expect(localPath("https://evil.example")).toBe("/trackings");
    expect(localPath("//evil.example")).toBe("/trackings");
    expect(localPath("/\\evil.example")).toBe("/trackings");
  });
});
