import { randomBytes } from "node:crypto";

/**
 * 32 lower-case hex characters: 12 of milliseconds, then 20 random. Time-ordered, so ids sort
 * like creation order, and the same length as the compatible API's ids.
 */
export function newId(): string {
  const time = Date.now().toString(16).padStart(12, "0");
  return time + randomBytes(10).toString("hex");
}

const BASE36 = "0123456789abcdefghijklmnopqrstuvwxyz";

/**
 * Random lower-case alphanumeric text for secrets people copy (API keys, webhook secrets).
 * Lower case because one official SDK lower-cases keys it reads from the environment.
 */
export function randomSecret(length: number): string {
  let out = "";
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      // Rejection sampling keeps the alphabet uniform.
      if (byte < 252 && out.length < length) out += BASE36[byte % 36];
    }
  }
  return out;
}
