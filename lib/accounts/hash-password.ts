import bcrypt from "bcryptjs";
import { InvalidError } from "@/lib/domain-errors";

export const MIN_PASSWORD_LENGTH = 8;
// bcrypt reads at most 72 bytes: a longer password would be silently cut.
const MAX_PASSWORD_BYTES = 72;
// About 0.2 s per hash with bcryptjs on a small server: slow for guessing, quick enough to sign in.
const BCRYPT_COST = 11;

export function assertPasswordAcceptable(password: string): void {
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw new InvalidError("password", "invalid", `The password must be at least ${MIN_PASSWORD_LENGTH} characters long.`);
  }
  if (Buffer.byteLength(password) > MAX_PASSWORD_BYTES) {
    throw new InvalidError("password", "invalid", `The password must be at most ${MAX_PASSWORD_BYTES} bytes long.`);
  }
}

export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, BCRYPT_COST);
}

export function verifyPassword(password: string, passwordHash: string): Promise<boolean> {
  return bcrypt.compare(password, passwordHash);
}
