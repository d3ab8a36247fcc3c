import { InvalidError } from "@/lib/domain-errors";

const ALLOWED = /^[A-Za-z0-9\-._/]+$/;

/** Length 4–100 and the characters A–Z, 0–9, `-`, `.`, `_`, `/` (compat-reference §3.2). */
export function validateTrackingNumber(value: unknown): string {
  if (value === undefined || value === null) throw missingNumber();
  if (typeof value !== "string") throw new InvalidError("tracking_number", "invalid", "The value of `tracking_number` is invalid: expected a string.");
  const trimmed = value.trim();
  if (trimmed === "") throw missingNumber();
  if (trimmed.length < 4 || trimmed.length > 100) {
    throw new InvalidError("tracking_number", "format", "The format of `tracking_number` is invalid: it must be 4 to 100 characters long.");
  }
  if (!ALLOWED.test(trimmed)) {
    throw new InvalidError("tracking_number", "format", "The format of `tracking_number` is invalid: use only letters, digits and the characters - . _ /");
  }
  return trimmed;
}

const missingNumber = () => new InvalidError("tracking_number", "missing", "`tracking_number` is required.");
