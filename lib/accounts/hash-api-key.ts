import { createHash } from "node:crypto";
import { randomSecret } from "@/lib/ids";

export const API_KEY_PREFIX = "wb_";
const KEY_START_LENGTH = 10;

export function hashApiKey(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

export function generateApiKey(): { key: string; keyHash: string; keyStart: string } {
  const key = API_KEY_PREFIX + randomSecret(40);
  return { key, keyHash: hashApiKey(key), keyStart: key.slice(0, KEY_START_LENGTH) };
}
