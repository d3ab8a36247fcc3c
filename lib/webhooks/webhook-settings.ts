import { z } from "zod";
import { env } from "@/lib/env";

// Read here rather than in lib/env.ts: these two only exist so tests and benchmarks can shrink time.
const settingsSchema = z.object({
  /** The retry schedule's unit: attempt n waits 2^(n−2) units (compat-reference §12: 30 s). */
  WEBHOOK_RETRY_UNIT_MS: z.coerce.number().int().positive().default(30_000),
  /** How long a receiver has to answer one attempt. */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().positive().default(15_000),
});

export interface WebhookSettings {
  retryUnitMs: number;
  timeoutMs: number;
  /** WEBHOOK_ALLOW_PRIVATE: self-hosters whose receivers live on their own network. */
  allowPrivate: boolean;
}

/** Read on every use (cheap), so a test can change them between cases. */
export function webhookSettings(): WebhookSettings {
  const parsed = settingsSchema.parse(process.env);
  return { retryUnitMs: parsed.WEBHOOK_RETRY_UNIT_MS, timeoutMs: parsed.WEBHOOK_TIMEOUT_MS, allowPrivate: env().WEBHOOK_ALLOW_PRIVATE };
}
