import { webhookSettings } from "./webhook-settings";

/** Attempts in all, the first one included (compat-reference §12). */
export const MAX_WEBHOOK_ATTEMPTS = 14;

/**
 * The wait before attempt `attempt` (2 … 14): 2^(attempt−2) units, i.e. 30 s, 60 s, … 122 880 s
 * with the default unit, as the compatible API's own table has it (its prose formula is off by one).
 */
export function retryDelayMs(attempt: number, unitMs = webhookSettings().retryUnitMs): number {
  if (attempt < 2) return 0;
  return 2 ** (attempt - 2) * unitMs;
}
