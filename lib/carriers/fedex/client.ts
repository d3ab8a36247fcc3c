import { randomUUID } from "node:crypto";
import { CarrierClient, type CarrierClientOptions } from "@/lib/carriers/carrier-client";
import { carrierRequest, type CarrierResponse, errorForStatus } from "@/lib/carriers/http-client";
import { type AccessToken, credentialKey, expiresInSeconds, OAuthTokenCache } from "@/lib/carriers/oauth-token-cache";
import { CarrierError } from "@/lib/carriers/types";

export const FEDEX_DEFAULT_BASE_URL = "https://apis.fedex.com";

/** FedEx accepts at most this many numbers in one tracking call. */
export const FEDEX_BATCH_SIZE = 30;

/** `baseUrl`: `https://apis.fedex.com`, or `https://apis-sandbox.fedex.com` for canned test data. */
export type FedexClientOptions = CarrierClientOptions;

export interface FedexCredentials {
  /** The project's API key. */
  clientId: string;
  /** The project's secret key. */
  clientSecret: string;
}

export interface FedexQuery {
  trackingNumber: string;
  /** `YYYY-MM-DD`: narrows reused numbers to the right shipment. */
  shipDate?: string;
}

/** FedEx Track API: OAuth client credentials (form post), up to 30 numbers per call. */
export class FedexClient extends CarrierClient {
  private readonly tokens: OAuthTokenCache;

  constructor(options: FedexClientOptions = {}) {
    super("FedEx", FEDEX_DEFAULT_BASE_URL, options);
    this.tokens = new OAuthTokenCache(options.clock);
  }

  /** One tracking call for up to 30 numbers; returns the raw 200 body. */
  async track(queries: readonly FedexQuery[], credentials: FedexCredentials): Promise<unknown> {
    if (queries.length > FEDEX_BATCH_SIZE) throw new RangeError(`FedEx takes at most ${FEDEX_BATCH_SIZE} numbers per call`);
    const body = JSON.stringify({
      includeDetailedScans: true,
      trackingInfo: queries.map((query) => ({
        trackingNumberInfo: { trackingNumber: query.trackingNumber },
        ...(query.shipDate ? { shipDateBegin: query.shipDate, shipDateEnd: addDays(query.shipDate, 30) } : {}),
      })),
    });
    const quotaKey = credentialKey(this.baseUrl, credentials.clientId, credentials.clientSecret);
    const response = await this.tokens.withToken(
      quotaKey,
      () => this.fetchToken(credentials),
      (token) =>
        this.send(
          `${this.baseUrl}/track/v1/trackingnumbers`,
          {
            method: "POST",
            headers: {
              Authorization: `Bearer ${token}`,
              "Content-Type": "application/json",
              Accept: "application/json",
              "x-locale": "en_US",
              "x-customer-transaction-id": randomUUID(),
            },
            body,
          },
          quotaKey,
        ),
    );
    if (response.status === 200) return response.body;
    throw errorForStatus("FedEx", response, firstError(response));
  }

  /** One token request: the carrier's own answer to whether these credentials are good. */
  async checkCredentials(credentials: FedexCredentials): Promise<void> {
    await this.fetchToken(credentials);
  }

  private async fetchToken(credentials: FedexCredentials): Promise<AccessToken> {
    const response = await carrierRequest(
      "FedEx",
      `${this.baseUrl}/oauth/token`,
      {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
        body: new URLSearchParams({
          grant_type: "client_credentials",
          client_id: credentials.clientId,
          client_secret: credentials.clientSecret,
        }).toString(),
      },
      this.options,
    );
    const body = (response.body ?? {}) as { access_token?: unknown; expires_in?: unknown };
    if (response.status === 200 && typeof body.access_token === "string") {
      // FedEx tokens live one hour.
      const lifetimeSeconds = expiresInSeconds(body.expires_in, 3_599);
      return { value: body.access_token, expiresAtMs: (this.options.clock ?? Date.now)() + lifetimeSeconds * 1000 };
    }
    const detail = firstError(response);
    if (response.status === 400 || response.status === 401 || response.status === 403) {
      throw new CarrierError("auth", `FedEx refused the client credentials${detail ? `: ${detail}` : ""}`);
    }
    throw errorForStatus("FedEx", response, detail);
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
