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

describe("next-auth's redirect after sign-in", () => {
  it("stays on the site", async () => {
    const { authOptions } = await import("./auth-options");
    const redirect = authOptions().callbacks!.redirect!;
    const baseUrl = "https://waybill.example";
    expect(await redirect({ url: "/%09/evil.example", baseUrl })).toBe(`${baseUrl}/%09/evil.example`);
    expect(await redirect({ url: "/\t/evil.example", baseUrl })).toBe(`${baseUrl}/trackings`);
    expect(await redirect({ url: "https://evil.example/", baseUrl })).toBe(`${baseUrl}/trackings`);
    expect(await redirect({ url: `${baseUrl}/settings`, baseUrl })).toBe(`${baseUrl}/settings`);
  });
});
