/** AES-256 takes a 32-byte key. */
export const ENCRYPTION_KEY_BYTES = 32;

/**
 * The key of `WAYBILL_ENCRYPTION_KEY` or of the key file: 32 bytes written as 64 hex characters or
 * as base64 (standard or URL-safe, padding optional); undefined when the text is neither.
 */
export function decodeEncryptionKey(text: string): Buffer | undefined {
  const value = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(value)) return Buffer.from(value, "hex");
  if (!/^[A-Za-z0-9+/_-]{43}=?$/.test(value)) return undefined;
  const key = Buffer.from(value, "base64");
  return key.length === ENCRYPTION_KEY_BYTES ? key : undefined;
}
