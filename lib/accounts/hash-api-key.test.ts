import { describe, expect, it } from "vitest";
import { generateApiKey, hashApiKey } from "./hash-api-key";

describe("hashApiKey", () => {
  it("is the key's SHA-256 in hex, so keys stored by any earlier version still match", () => {
    // FIPS 180-2's first test vector.
    expect(hashApiKey("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });

  it("matches what a new key stores", () => {
    const { key, keyHash } = generateApiKey();
    expect(hashApiKey(key)).toBe(keyHash);
    expect(keyHash).toMatch(/^[0-9a-f]{64}$/);
  });
});
