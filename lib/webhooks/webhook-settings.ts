import { env, webhookTimings } from "@/lib/env";

export interface WebhookSettings {
  retryUnitMs: number;
  timeoutMs: number;
  /** WEBHOOK_ALLOW_PRIVATE: self-hosters whose receivers live on their own network. */
  allowPrivate: boolean;
}

/** Read on every use (cheap), so a test can change them between cases. */
export function webhookSettings(): WebhookSettings {
  const parsed = webhookTimings();
  return { retryUnitMs: parsed.WEBHOOK_RETRY_UNIT_MS, timeoutMs: parsed.WEBHOOK_TIMEOUT_MS, allowPrivate: env().WEBHOOK_ALLOW_PRIVATE };
}
