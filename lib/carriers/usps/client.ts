import { type CarrierClientOptions, type ClientCredentials, type ClientCredentialsRequest, OAuthCarrierClient } from "@/lib/carriers/carrier-client";
import { type CarrierResponse, errorForStatus } from "@/lib/carriers/http-client";
import { CarrierError } from "@/lib/carriers/types";

export const USPS_DEFAULT_BASE_URL = "https://apis.usps.com";

/** `baseUrl`: `https://apis.usps.com`, or `https://apis-tem.usps.com` for USPS's test environment; the quota is per app (about 60 calls an hour across its v3 APIs). */
export type UspsClientOptions = CarrierClientOptions;

export type UspsCredentials = ClientCredentials;

export interface UspsQuery {
  trackingNumber: string;
  destinationZipCode?: string;
  /** `YYYY-MM-DD`. */
  mailingDate?: string;
}

export type UspsAnswer = { kind: "answer"; body: unknown } | { kind: "not_found"; message: string };

/**
 * 400 message codes that are about the number, not the request: not yet known to USPS
 * (150001–150004, 150009), or not trackable by us (another shipper's, a pickup number,
 * fraudulent postage, a suppressed country).
 */
const NUMBER_ERROR_CODES = new Set(["150001", "150002", "150003", "150004", "150008", "150009", "150010", "150011", "150012"]);

/** USPS Tracking v3: OAuth client credentials, one number per call. */
export class UspsClient extends OAuthCarrierClient<UspsCredentials> {
  constructor(options: UspsClientOptions = {}) {
    super("USPS", USPS_DEFAULT_BASE_URL, options);
  }

  async track(query: UspsQuery, credentials: UspsCredentials): Promise<UspsAnswer> {
    const url = new URL(`${this.baseUrl}/tracking/v3/tracking/${encodeURIComponent(query.trackingNumber)}`);
    url.searchParams.set("expand", "DETAIL");
    if (query.destinationZipCode) url.searchParams.set("destinationZIPCode", query.destinationZipCode);
    if (query.mailingDate) url.searchParams.set("mailingDate", query.mailingDate);
    const response = await this.sendWithToken(credentials, url.toString(), (token) => ({
      headers: { Authorization: `Bearer ${token}`, Accept: "application/json" },
    }));
    if (response.status === 200) return { kind: "answer", body: response.body };
    const error = uspsError(response);
    if (response.status === 400 && error.code && NUMBER_ERROR_CODES.has(error.code)) {
      return { kind: "not_found", message: error.message || "A status update is not yet available." };
    }
    if (response.status === 404) return { kind: "not_found", message: error.message || "Tracking number not found." };
    throw errorForStatus("USPS", response, [error.code, error.message].filter(Boolean).join(" ") || undefined);
  }

  protected tokenRequest(credentials: UspsCredentials): ClientCredentialsRequest {
    return {
      path: "/oauth2/v3/token",
      ...credentials,
      clientAuth: "form",
      defaultLifetimeSeconds: 28_799,
      errorDetail: (response) => {
        const body = (response.body ?? {}) as { error?: unknown; error_description?: unknown };
        return [body.error, body.error_description].filter((part) => typeof part === "string").join(": ");
      },
      checkGrant: (body) => {
        // Apps get tracking only on request; without the scope every tracking call would fail with 401.
        if (typeof body.scope === "string" && body.scope.trim() && !body.scope.split(/\s+/).includes("tracking")) {
          throw new CarrierError("auth", "the USPS app has no access to the tracking API (scope `tracking` missing)");
        }
      },
    };
  }
}

/** The message code and text of USPS's `{error: {code, message, errors: [{code, title}]}}` body. */
function uspsError(response: CarrierResponse): { code: string | null; message: string } {
  type UspsErrorBody = { error?: { message?: unknown; errors?: { code?: unknown; title?: unknown }[] } } | null;
  const error = (response.body as UspsErrorBody)?.error;
  const first = Array.isArray(error?.errors) ? error.errors[0] : undefined;
  const text = typeof error?.message === "string" && error.message ? error.message : first?.title;
  const message = typeof text === "string" ? text : "";
  return { code: typeof first?.code === "string" ? first.code : null, message: message.replace(/\s*-\s*$/, "").trim() };
}
