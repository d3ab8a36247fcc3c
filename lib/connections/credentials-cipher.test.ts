import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { credentialsContext, CredentialsDecryptionError, openCredentials, sealCredentials } from "./credentials-cipher";
import { decodeEncryptionKey } from "@/lib/decode-encryption-key";
import { maskCredentials, maskSecret } from "./mask-credentials";
import { getCourier } from "@/lib/couriers/get-courier";

const key = randomBytes(32);
const context = credentialsContext("org_1", "0123456789abcdef0123456789abcdef");
const credentials = { client_id: "id-1", client_secret: "a-very-secret-value" };

describe("sealCredentials / openCredentials", () => {
  it("round-trips, with a fresh IV each time and no plaintext in the sealed text", () => {
    const sealed = sealCredentials(credentials, context, key);
    expect(openCredentials(sealed, context, key)).toEqual(credentials);
    expect(sealCredentials(credentials, context, key)).not.toBe(sealed);
    expect(sealed).not.toContain("secret");
    expect(Buffer.from(sealed.split(":")[3]!, "base64").toString("latin1")).not.toContain("a-very-secret-value");
  });

  it("fails under another key, for another row or tenant, and when tampered with", () => {
    const sealed = sealCredentials(credentials, context, key);
    expect(() => openCredentials(sealed, context, randomBytes(32))).toThrow(CredentialsDecryptionError);
    expect(() => openCredentials(sealed, credentialsContext("org_2", "0123456789abcdef0123456789abcdef"), key)).toThrow(CredentialsDecryptionError);
    const [format, iv, tag, ciphertext] = sealed.split(":");
    const flipped = Buffer.from(ciphertext!, "base64");
    flipped[0]! ^= 1;
    expect(() => openCredentials([format, iv, tag, flipped.toString("base64")].join(":"), context, key)).toThrow(CredentialsDecryptionError);
    expect(() => openCredentials("plain text", context, key)).toThrow(CredentialsDecryptionError);
  });
});

describe("decodeEncryptionKey", () => {
  it("takes 32 bytes as hex or base64 (standard or URL-safe, padded or not)", () => {
    const bytes = randomBytes(32);
    expect(decodeEncryptionKey(bytes.toString("hex"))).toEqual(bytes);
    expect(decodeEncryptionKey(` ${bytes.toString("base64")}\n`)).toEqual(bytes);
    expect(decodeEncryptionKey(bytes.toString("base64url"))).toEqual(bytes);
  });

  it("refuses other lengths and other text", () => {
    expect(decodeEncryptionKey(randomBytes(16).toString("hex"))).toBeUndefined();
    expect(decodeEncryptionKey(randomBytes(24).toString("base64"))).toBeUndefined();
    expect(decodeEncryptionKey("correct horse battery staple")).toBeUndefined();
  });
});

describe("maskCredentials", () => {
  it("masks the courier's secret fields and fields it does not describe, and shows the rest", () => {
    expect(maskCredentials(getCourier("ups"), { client_id: "id-1", client_secret: "0123456789-wxyz", legacy: "kept-hidden-1234" })).toEqual({
      client_id: "id-1",
      client_secret: "••••wxyz",
      legacy: "••••1234",
    });
    expect(maskCredentials(undefined, { client_id: "id-1" })).toEqual({ client_id: "••••" });
  });

  it("shows no tail of a short secret", () => {
    expect(maskSecret("12345678901")).toBe("••••");
    expect(maskSecret("123456789012")).toBe("••••9012");
  });
});
