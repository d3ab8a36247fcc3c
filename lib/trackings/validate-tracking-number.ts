import { ApiError } from "@/lib/api/errors";

const ALLOWED = /^[A-Za-z0-9\-._/]+$/;

/** Length 4–100 and the characters A–Z, 0–9, `-`, `.`, `_`, `/` (compat-reference §3.2). */
export function validateTrackingNumber(value: unknown): string {
  if (value === undefined || value === null) throw new ApiError(4007);
  if (typeof value !== "string") throw new ApiError(4005, "The value of `tracking_number` is invalid: expected a string.");
  const trimmed = value.trim();
  if (trimmed === "") throw new ApiError(4007);
  if (trimmed.length < 4 || trimmed.length > 100) {
    throw new ApiError(4017, "The format of `tracking_number` is invalid: it must be 4 to 100 characters long.");
  }
  if (!ALLOWED.test(trimmed)) {
    throw new ApiError(4017, "The format of `tracking_number` is invalid: use only letters, digits and the characters - . _ /");
  }
  return trimmed;
}
