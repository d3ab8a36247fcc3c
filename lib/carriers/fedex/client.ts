import { randomUUID } from "node:crypto";
import { type CarrierClientOptions, type ClientCredentials, type ClientCredentialsRequest, OAuthCarrierClient } from "@/lib/carriers/carrier-client";
import { type CarrierResponse, errorForStatus } from "@/lib/carriers/http-client";
import { fedexCarrier } from "@/lib/carriers/fedex/descriptor";

export const FEDEX_DEFAULT_BASE_URL = "https://apis.fedex.com";

/** `baseUrl`: `https://apis.fedex.com`, or `https://apis-sandbox.fedex.com` for canned test data. */
export type FedexClientOptions = CarrierClientOptions;

export type FedexCredentials = ClientCredentials;

export interface FedexQuery {
  trackingNumber: string;
  /** `YYYY-MM-DD`: narrows reused numbers to the right shipment. */
  shipDate?: string;
}

/** FedEx Track API: OAuth client credentials (form post), up to 30 numbers per call. */
export class FedexClient extends OAuthCarrierClient<FedexCredentials> {
  constructor(options: FedexClientOptions = {}) {
    super("FedEx", FEDEX_DEFAULT_BASE_URL, options);
  }

  /** One tracking call for up to 30 numbers; returns the raw 200 body. */
  async track(queries: readonly FedexQuery[], credentials: FedexCredentials): Promise<unknown> {
    if (queries.length > fedexCarrier.batchSize) throw new RangeError(`FedEx takes at most ${fedexCarrier.batchSize} numbers per call`);
    const body = JSON.stringify({
      includeDetailedScans: true,
      trackingInfo: queries.map((query) => ({
        trackingNumberInfo: { trackingNumber: query.trackingNumber },
        ...(query.shipDate ? { shipDateBegin: query.shipDate, shipDateEnd: addDays(query.shipDate, 30) } : {}),
      })),
    });
    const response = await this.sendWithToken(credentials, `${this.baseUrl}/track/v1/trackingnumbers`, (token) => ({
      method: "POST",
      headers: {
        Authorization: `Bearer ${token}`,
        "Content-Type": "application/json",
        Accept: "application/json",
        "x-locale": "en_US",
        "x-customer-transaction-id": randomUUID(),
      },
      body,
    }));
    if (response.status === 200) return response.body;
    throw errorForStatus("FedEx", response, firstError(response));
  }

  protected tokenRequest(credentials: FedexCredentials): ClientCredentialsRequest {
    // FedEx tokens live one hour.
    return {
      path: "/oauth/token",
      ...credentials,
      clientAuth: "form",
      defaultLifetimeSeconds: 3_599,
      errorDetail: firstError,
    };
  }
}

/** "CODE message" of FedEx's `{errors: [{code, message}]}` body. */
function firstError(response: CarrierResponse): string | undefined {
  const errors = (response.body as { errors?: { code?: unknown; message?: unknown }[] } | null)?.errors;
  const first = Array.isArray(errors) ? errors[0] : undefined;
  return first ? `${String(first.code ?? "")} ${String(first.message ?? "")}`.trim() : undefined;
}

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
