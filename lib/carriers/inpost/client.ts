import { CarrierClient, type CarrierClientOptions } from "@/lib/carriers/carrier-client";
import { errorForStatus } from "@/lib/carriers/http-client";
import { credentialKey } from "@/lib/carriers/oauth-token-cache";

export const INPOST_DEFAULT_BASE_URL = "https://api-shipx-pl.easypack24.net";

export type InpostAnswer = { kind: "answer"; body: unknown } | { kind: "not_found"; message: string };

/**
 * InPost ShipX tracking: one number per call. The endpoint answers without a token; a ShipX
 * token, when there is one, is sent as a Bearer and gets its own quota.
 */
export class InpostClient extends CarrierClient {
  constructor(options: CarrierClientOptions = {}) {
    super("InPost", INPOST_DEFAULT_BASE_URL, options);
  }

  async track(trackingNumber: string, token: string | undefined): Promise<InpostAnswer> {
    const url = `${this.baseUrl}/v1/tracking/${encodeURIComponent(trackingNumber)}`;
    const headers: Record<string, string> = { Accept: "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) };
    const response = await this.send(url, { headers }, token ? credentialKey(this.baseUrl, token) : "public");
    if (response.status === 200) return { kind: "answer", body: response.body };
    const detail = errorDetail(response.body);
    if (response.status === 404) return { kind: "not_found", message: detail ?? "InPost has no parcel with this number" };
    throw errorForStatus("InPost", response, detail);
  }
}

/** ShipX errors: `{status, error: "resource_not_found", message, details}` → one line. */
function errorDetail(body: unknown): string | undefined {
  const parsed = body as { error?: unknown; message?: unknown } | null;
  if (typeof parsed?.message === "string") return parsed.message;
  return typeof parsed?.error === "string" ? parsed.error : undefined;
}
