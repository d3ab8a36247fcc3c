import type { WebhookApiVersion, WebhookSecret, WebhookSignatureHeader } from "@/db/schema";
import { signatureHeaders } from "./sign-webhook-body";

export const WEBHOOK_USER_AGENT = "WaybillWebhook/1.0 (+self-hosted Waybill shipment tracking)";

/** Everything an attempt sends besides the body; signed at send time with the secrets valid then. */
export function webhookRequestHeaders(
  body: string,
  options: { apiVersion: WebhookApiVersion; secrets: WebhookSecret; signatureHeader: WebhookSignatureHeader; now: Date; changePosition?: number | null },
): Record<string, string> {
  return {
    "content-type": "application/json",
    "user-agent": WEBHOOK_USER_AGENT,
    // Legacy v4 webhooks are unversioned; the dated versions name themselves (compat-reference §12).
    ...(options.apiVersion === "v4" ? {} : { "as-webhook-version": options.apiVersion }),
    // Outside the body, so the compatible payload stays as receivers parse it: `GET /events?after=<position - 1>` refills a gap.
    ...(options.changePosition ? { "waybill-change-position": String(options.changePosition) } : {}),
    ...signatureHeaders(body, options.secrets, options.signatureHeader, options.now),
  };
}
