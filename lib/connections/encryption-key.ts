import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { env } from "@/lib/env";
import { decodeEncryptionKey, ENCRYPTION_KEY_BYTES } from "@/lib/decode-encryption-key";
import { log } from "@/lib/observability/log";

export const ENCRYPTION_KEY_FILE = "encryption.key";

let cached: Buffer | undefined;

/**
 * The key courier credentials are encrypted under: `WAYBILL_ENCRYPTION_KEY` when set (lib/env.ts has
 * checked it), else the embedded default, `<WAYBILL_DATA_DIR>/encryption.key`, generated on first use.
 */
export function encryptionKey(): Buffer {
  cached ??= loadEncryptionKey();
  return cached;
}

/** Tests switch keys between cases. */
export function resetEncryptionKeyForTests(): void {
  cached = undefined;
}

function loadEncryptionKey(): Buffer {
  const { WAYBILL_ENCRYPTION_KEY, WAYBILL_DATA_DIR, DATABASE_URL } = env();
  if (WAYBILL_ENCRYPTION_KEY) return decodeEncryptionKey(WAYBILL_ENCRYPTION_KEY)!;
  const file = path.resolve(WAYBILL_DATA_DIR, ENCRYPTION_KEY_FILE);
  const existing = readKeyFile(file);
  if (existing) return existing;
  mkdirSync(path.dirname(file), { recursive: true });
  try {
    // "wx": when two processes start together, the second one reads the first one's key.
    writeFileSync(file, `${randomBytes(ENCRYPTION_KEY_BYTES).toString("base64")}\n`, { mode: 0o600, flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  if (DATABASE_URL) {
    log().warn(
      { event: "encryption_key_generated", file },
      "Waybill: generated the credentials encryption key. Servers sharing this database need the same key: set WAYBILL_ENCRYPTION_KEY.",
    );
  }
  return readKeyFile(file)!;
}

function readKeyFile(file: string): Buffer | undefined {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
  const key = decodeEncryptionKey(text);
  if (!key) throw new Error(`${file} does not hold a 32-byte key (64 hex characters or base64).`);
  return key;
}
