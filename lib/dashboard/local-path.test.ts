import { describe, expect, it } from "vitest";
import { localPath } from "./local-path";

describe("localPath", () => {
  it("keeps paths on this site and refuses anything that leaves it", () => {
    expect(localPath("/trackings/abc?x=1")).toBe("/trackings/abc?x=1");
    expect(localPath(undefined)).toBe("/trackings");
    expect(localPath("https://evil.example")).toBe("/trackings");
    expect(localPath("//evil.example")).toBe("/trackings");
    expect(localPath("/\\evil.example")).toBe("/trackings");
    // callbackUrl=%2F%09%2Fevil.example and its cousins: control characters and backslashes a browser would fold.
    for (const sneaky of ["/\t/evil.example", "/\n/evil.example", "/\r\n//evil.example", "/\u0000/evil.example", "/\\/evil.example", "/.//evil.example"]) {
      expect(localPath(sneaky), JSON.stringify(sneaky)).toBe("/trackings");
    }
    expect(localPath("/settings/../trackings?tab=1#top")).toBe("/trackings?tab=1#top");
  });
});
