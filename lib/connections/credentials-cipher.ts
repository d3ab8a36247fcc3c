import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { encryptionKey } from "./encryption-key";

/** A connection's credentials: field name → value. */
export type Credentials = Record<string, string>;

// "v1:<iv>:<tag>:<ciphertext>", base64 parts: the version leaves room for another cipher or key later.
const FORMAT = "v1";
const IV_BYTES = 12;

/**
 * Encrypts credentials with AES-256-GCM. `context` (the connection's organisation and id) is
 * authenticated, so a sealed value copied onto another row or tenant fails to open.
 */
export function sealCredentials(credentials: Credentials, context: string, key: Buffer = encryptionKey()): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(Buffer.from(context, "utf8"));
  const ciphertext = Buffer.concat([cipher.update(JSON.stringify(credentials), "utf8"), cipher.final()]);
  return [FORMAT, iv.toString("base64"), cipher.getAuthTag().toString("base64"), ciphertext.toString("base64")].join(":");
}

export class CredentialsDecryptionError extends Error {
  constructor() {
    super("Courier connection credentials cannot be decrypted: WAYBILL_ENCRYPTION_KEY (or .data/encryption.key) is not the key they were encrypted with.");
    this.name = "CredentialsDecryptionError";
  }
}

export function openCredentials(sealed: string, context: string, key: Buffer = encryptionKey()): Credentials {
  const [format, iv, tag, ciphertext] = sealed.split(":");
  if (format !== FORMAT || !iv || !tag || ciphertext === undefined) throw new CredentialsDecryptionError();
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64"));
    decipher.setAAD(Buffer.from(context, "utf8"));
    decipher.setAuthTag(Buffer.from(tag, "base64"));
    const plaintext = Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64")), decipher.final()]);
    return JSON.parse(plaintext.toString("utf8")) as Credentials;
  } catch {
    throw new CredentialsDecryptionError();
  }
}

/** What a connection's ciphertext is bound to. */
export function credentialsContext(organizationId: string, connectionId: string): string {
  return `courier-connection:${organizationId}:${connectionId}`;
}
