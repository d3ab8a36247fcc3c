import { randomUUID } from "node:crypto";
import { type CarrierClientOptions, type ClientCredentialsRequest, OAuthCarrierClient } from "@/lib/carriers/carrier-client";
import { type CarrierResponse, errorForStatus } from "@/lib/carriers/http-client";

export const UPS_DEFAULT_BASE_URL = "https://onlinetools.ups.com";

/** `baseUrl`: `https://onlinetools.ups.com`, or `https://wwwcie.ups.com` for UPS's test environment. */
export type UpsClientOptions = CarrierClientOptions;

export interface UpsCredentials {
  clientId: string;
  clientSecret: string;
  /** The 6-character shipper number, sent as `x-merchant-id` when known. */
  accountNumber?: string;
}

export type UpsAnswer = { kind: "answer"; body: unknown } | { kind: "not_found"; message: string };

/** Error codes in a 400 body that mean the number itself is wrong or unknown, not the request. */
const NUMBER_ERROR_CODES = new Set(["TV1002", "TW0001"]);

/** UPS Track API: OAuth client credentials (Basic auth to the token endpoint), one number per call. */
export class UpsClient extends OAuthCarrierClient<UpsCredentials> {
  constructor(options: UpsClientOptions = {}) {
    super("UPS", UPS_DEFAULT_BASE_URL, options);
  }

  async track(trackingNumber: string, credentials: UpsCredentials): Promise<UpsAnswer> {
    const url = new URL(`${this.baseUrl}/api/track/v1/details/${encodeURIComponent(trackingNumber)}`);
    url.search = new URLSearchParams({
      locale: "en_US",
      returnSignature: "false",
      returnMilestones: "false",
      returnPOD: "false",
    }).toString();
    const response = await this.sendWithToken(credentials, url.toString(), (token) => ({
      headers: {
        Authorization: `Bearer ${token}`,
        transId: randomUUID().replace(/-/g, "").slice(0, 32),
        transactionSrc: "waybill",
        Accept: "application/json",
      },
    }));
    if (response.status === 200) return { kind: "answer", body: response.body };
    const error = firstError(response);
    if (response.status === 400 && error && NUMBER_ERROR_CODES.has(error.code)) {
      return { kind: "not_found", message: error.message };
    }
    if (response.status === 404) {
      return { kind: "not_found", message: error?.message ?? "Tracking Information Not Found" };
    }
    throw errorForStatus("UPS", response, error ? `${error.code} ${error.message}` : undefined);
  }

  protected tokenRequest(credentials: UpsCredentials): ClientCredentialsRequest {
    return {
      path: "/security/v1/oauth/token",
      clientId: credentials.clientId,
      clientSecret: credentials.clientSecret,
      clientAuth: "basic",
      headers: credentials.accountNumber ? { "x-merchant-id": credentials.accountNumber } : {},
      // UPS tokens live four hours; `expires_in` arrives as a string.
      defaultLifetimeSeconds: 14_399,
      errorDetail: (response) => {
        const error = firstError(response);
        return error ? `${error.code} ${error.message}` : undefined;
      },
    };
  }
}

/** The first `{code, message}` of UPS's `{response: {errors: [...]}}` error body. */
function firstError(response: CarrierResponse): { code: string; message: string } | null {
  const errors = (response.body as { response?: { errors?: { code?: unknown; message?: unknown }[] } } | null)?.response?.errors;
  const first = Array.isArray(errors) ? errors[0] : undefined;
  if (!first) return null;
  return { code: String(first.code ?? ""), message: String(first.message ?? "") };
}
