import { describe, expect, it } from "vitest";
import { withTestEncryptionKey } from "@/testing/encryption-key";
import { readTrackingPageToken, trackingPageToken } from "./token";

withTestEncryptionKey();

describe("tracking page tokens", () => {
  it("are stable per tracking and kind, and open only that tracking of that organisation", () => {
    const token = trackingPageToken("org_a", "0190abcdef");
    expect(trackingPageToken("org_a", "0190abcdef")).toBe(token);
    expect(readTrackingPageToken("org_a", token)).toEqual({ trackingId: "0190abcdef", kind: "full" });
    expect(readTrackingPageToken("org_b", token)).toBeNull();
    expect(readTrackingPageToken("org_a", token.replace("0190abcdef", "0190abcdee"))).toBeNull();
  });

  it("tell the public kind from the full one, and a public token cannot be turned into a full one", () => {
    const open = trackingPageToken("org_a", "0190abcdef", "public");
    expect(readTrackingPageToken("org_a", open)).toEqual({ trackingId: "0190abcdef", kind: "public" });
    expect(readTrackingPageToken("org_a", open.replace(".p", ".f"))).toBeNull();
  });

  it("refuse malformed tokens", () => {
    for (const bad of ["", "abc", "0190.f", "0190.x0123456789012345678901", "../etc.fAAAAAAAAAAAAAAAAAAAAAA"])
      expect(readTrackingPageToken("org_a", bad)).toBeNull();
  });
});
