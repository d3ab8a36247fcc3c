import { type CarrierClientOptions, type ClientCredentials, type ClientCredentialsRequest, OAuthCarrierClient } from "@/lib/carriers/carrier-client";
import { type CarrierResponse, errorForStatus } from "@/lib/carriers/http-client";
import { CarrierError } from "@/lib/carriers/types";
import { glsAnswer, type GlsParcel } from "./parse";

export const GLS_DEFAULT_BASE_URL = "https://api.gls-group.net";

export type GlsCredentials = ClientCredentials;

/** GLS Group API, Track And Trace V1: OAuth client credentials (Basic auth to the token endpoint), up to ten numbers a call. */
export class GlsClient extends OAuthCarrierClient<GlsCredentials> {
  constructor(options: CarrierClientOptions = {}) {
    super("GLS", GLS_DEFAULT_BASE_URL, options);
  }

  /** The parcels of one call by upper-cased requested number; a number GLS leaves out is missing from the map. */
  async track(parcelNumbers: string[], credentials: GlsCredentials): Promise<Map<string, GlsParcel[]>> {
    const ids = parcelNumbers.map((number) => encodeURIComponent(number)).join(",");
    const url = `${this.baseUrl}/track-and-trace-v1/tracking/simple/trackids/${ids}?showEvents=true&showLinks=false`;
    const response = await this.sendWithToken(credentials, url, (token) => ({
      headers: { Authorization: `Bearer ${token}`, Accept: "application/json", "Accept-Language": "EN" },
    }));
    if (response.status !== 200) throw errorForStatus("GLS", response, errorDetail(response));
    const parsed = glsAnswer.safeParse(response.body);
    if (!parsed.success) throw new CarrierError("unavailable", `GLS sent an unreadable answer: ${parsed.error.message}`);
    const byNumber = new Map<string, GlsParcel[]>();
    for (const parcel of parsed.data.parcels ?? []) {
      const requested = (parcel.requested ?? parcel.unitno ?? "").toUpperCase();
      byNumber.set(requested, [...(byNumber.get(requested) ?? []), parcel]);
    }
    return byNumber;
  }

  protected tokenRequest(credentials: GlsCredentials): ClientCredentialsRequest {
    // GLS tokens live up to four hours.
    return { path: "/oauth2/v2/token", ...credentials, clientAuth: "basic", defaultLifetimeSeconds: 14_400, errorDetail };
  }
}

/**
 * One line from GLS's error bodies: the token endpoint's `{errors: [{message}]}`, the gateway's
 * `{fault: {faultstring}}` (401, 429), or the API's problem JSON `{title, detail}` (400, 404).
 */
function errorDetail(response: CarrierResponse): string | undefined {
  type ErrorBody = { errors?: Array<{ message?: unknown }>; fault?: { faultstring?: unknown }; detail?: unknown; title?: unknown } | null;
  const body = response.body as ErrorBody;
  const candidates = [Array.isArray(body?.errors) ? body.errors[0]?.message : undefined, body?.fault?.faultstring, body?.detail, body?.title];
  const found = candidates.find((value) => typeof value === "string" && value.trim());
  return typeof found === "string" ? found.trim() : undefined;
}
