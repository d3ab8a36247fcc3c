import { CarrierClient, type CarrierClientOptions } from "@/lib/carriers/carrier-client";
import { errorForStatus } from "@/lib/carriers/http-client";
import { credentialKey } from "@/lib/carriers/oauth-token-cache";

export const ROYALMAIL_DEFAULT_BASE_URL = "https://api.royalmail.net";

export interface RoyalmailCredentials {
  clientId: string;
  clientSecret: string;
}

export type RoyalmailAnswer = { kind: "answer"; body: unknown } | { kind: "not_found"; message: string };

/** Royal Mail Tracking API v2: IBM gateway client id and secret in headers, one mail piece per call. */
export class RoyalmailClient extends CarrierClient {
  constructor(options: CarrierClientOptions = {}) {
    super("Royal Mail", ROYALMAIL_DEFAULT_BASE_URL, options);
  }

  async track(mailPieceId: string, credentials: RoyalmailCredentials): Promise<RoyalmailAnswer> {
    const url = `${this.baseUrl}/mailpieces/v2/${encodeURIComponent(mailPieceId)}/events`;
    const headers = {
      "X-IBM-Client-Id": credentials.clientId,
      "X-IBM-Client-Secret": credentials.clientSecret,
      // Without it every call is refused (E0004).
      "X-Accept-RMG-Terms": "yes",
      Accept: "application/json",
    };
    const response = await this.send(url, { headers }, credentialKey(this.baseUrl, credentials.clientId, credentials.clientSecret));
    if (response.status === 200) return { kind: "answer", body: response.body };
    const detail = errorDetail(response.body);
    if (response.status === 404) return { kind: "not_found", message: detail ?? "No tracking information for this mail piece" };
    throw errorForStatus("Royal Mail", response, detail);
  }
}

/** `{httpCode, httpMessage, moreInformation, errors: [{errorCode, errorDescription}]}` → one line. */
function errorDetail(body: unknown): string | undefined {
  const parsed = body as { moreInformation?: unknown; errors?: Array<{ errorCode?: unknown; errorDescription?: unknown }> } | null;
  const first = parsed?.errors?.[0];
  if (first) return `${String(first.errorCode ?? "")} ${String(first.errorDescription ?? "")}`.trim();
  return typeof parsed?.moreInformation === "string" ? parsed.moreInformation : undefined;
}
