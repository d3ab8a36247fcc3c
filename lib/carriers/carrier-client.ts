import { carrierRequest, type CarrierResponse, errorForStatus, type HttpOptions, retryAfterSeconds } from "@/lib/carriers/http-client";
import { type AccessToken, credentialKey, expiresInSeconds, OAuthTokenCache } from "@/lib/carriers/oauth-token-cache";
import { type RateLimit, RequestThrottle } from "@/lib/carriers/request-throttle";
import { CarrierError } from "@/lib/carriers/types";

export interface CarrierClientOptions extends HttpOptions {
  /** Scheme and host (and a path prefix where the carrier has one); tests point it at a fake. */
  baseUrl?: string;
  /** Client-side quota per credential (`<CARRIER>_RATE_LIMIT`). */
  rateLimit?: RateLimit | null;
  /** Clock for token expiry; injected in tests. */
  clock?: () => number;
  /** Waits before a retry; injected in tests so none sleeps for real. */
  sleep?: (ms: number) => Promise<void>;
}

/** A 429 or 5xx is retried once within the call when the carrier asks for at most this long a wait. */
export const MAX_RETRY_AFTER_SECONDS = 5;

/** An OAuth client's credentials (FedEx: the project's API and secret keys; USPS: the app's consumer key and secret). */
export interface ClientCredentials {
  clientId: string;
  clientSecret: string;
}

/** An OAuth 2 client-credentials token request (RFC 6749 §4.4), as the carriers that use one take it. */
export interface ClientCredentialsRequest {
  /** The token endpoint under the base URL. */
  path: string;
  clientId: string;
  clientSecret: string;
  /** Where the client authenticates: HTTP Basic (UPS, GLS) or the form's fields (FedEx, USPS). */
  clientAuth: "basic" | "form";
  headers?: Record<string, string>;
  /** When the answer omits `expires_in`. */
  defaultLifetimeSeconds: number;
  /** The carrier's own words from an error body. */
  errorDetail: (response: CarrierResponse) => string | undefined;
  /** A further check of a granted token's answer (USPS: the tracking scope); throws to refuse it. */
  checkGrant?: (body: Record<string, unknown>) => void;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * What every direct carrier's client repeats: its base URL, a quota per credential, and one
 * retry of a throttled or failing answer when `Retry-After` says the wait is short. Longer waits
 * come back to the caller as the answer, which the poll engine turns into a later attempt.
 */
export class CarrierClient {
  readonly baseUrl: string;
  private readonly throttle: RequestThrottle;

  constructor(
    readonly carrier: string,
    defaultBaseUrl: string,
    protected readonly options: CarrierClientOptions = {},
  ) {
    this.baseUrl = (options.baseUrl ?? defaultBaseUrl).replace(/\/+$/, "");
    this.throttle = new RequestThrottle(carrier, options.rateLimit);
  }

  /** One request counted against `quotaKey`'s quota (a credential or its hash). */
  async send(url: string, init: RequestInit, quotaKey: string): Promise<CarrierResponse> {
    await this.throttle.acquire(quotaKey);
    const first = await carrierRequest(this.carrier, url, init, this.options);
    if (first.status !== 429 && first.status < 500) return first;
    const wait = retryAfterSeconds(first.headers, this.options.clock?.());
    if (wait === undefined || wait > MAX_RETRY_AFTER_SECONDS) return first;
    await (this.options.sleep ?? realSleep)(wait * 1000);
    await this.throttle.acquire(quotaKey);
    return carrierRequest(this.carrier, url, init, this.options);
  }

  /**
   * Asks for an access token. A refusal (400, 401, 403: the token endpoints answer bad client
   * credentials with any of them) is the merchant's to fix: CarrierError("auth").
   */
  protected async requestClientCredentialsToken(request: ClientCredentialsRequest): Promise<AccessToken> {
    const form = new URLSearchParams({ grant_type: "client_credentials" });
    const headers: Record<string, string> = { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json", ...request.headers };
    if (request.clientAuth === "basic") headers.Authorization = `Basic ${Buffer.from(`${request.clientId}:${request.clientSecret}`).toString("base64")}`;
    else {
      form.set("client_id", request.clientId);
      form.set("client_secret", request.clientSecret);
    }
    const response = await carrierRequest(this.carrier, `${this.baseUrl}${request.path}`, { method: "POST", headers, body: form.toString() }, this.options);
    const body = (response.body ?? {}) as Record<string, unknown>;
    if (response.status === 200 && typeof body.access_token === "string") {
      request.checkGrant?.(body);
      const lifetimeSeconds = expiresInSeconds(body.expires_in, request.defaultLifetimeSeconds);
      return { value: body.access_token, expiresAtMs: (this.options.clock ?? Date.now)() + lifetimeSeconds * 1000 };
    }
    const detail = request.errorDetail(response) || undefined;
    if (response.status === 400 || response.status === 401 || response.status === 403) {
      throw new CarrierError("auth", `${this.carrier} refused the client credentials${detail ? `: ${detail}` : ""}`);
    }
    throw errorForStatus(this.carrier, response, detail);
  }
}

/**
 * A carrier client whose calls carry an OAuth client-credentials token (FedEx, UPS, USPS, GLS): one
 * token request per credential, cached until it expires, and the quota counted per credential.
 */
export abstract class OAuthCarrierClient<TCredentials extends ClientCredentials> extends CarrierClient {
  private readonly tokens: OAuthTokenCache;

  constructor(carrier: string, defaultBaseUrl: string, options: CarrierClientOptions = {}) {
    super(carrier, defaultBaseUrl, options);
    this.tokens = new OAuthTokenCache(options.clock);
  }

  /** The carrier's token request for these credentials. */
  protected abstract tokenRequest(credentials: TCredentials): ClientCredentialsRequest;

  /** One call with a token for these credentials (asked for when none is cached), counted against their quota. */
  protected sendWithToken(credentials: TCredentials, url: string, init: (token: string) => RequestInit): Promise<CarrierResponse> {
    const quotaKey = credentialKey(this.baseUrl, credentials.clientId, credentials.clientSecret);
    return this.tokens.withToken(
      quotaKey,
      () => this.requestClientCredentialsToken(this.tokenRequest(credentials)),
      (token) => this.send(url, init(token), quotaKey),
    );
  }

  /** One token request: the carrier's own answer to whether these credentials are good. */
  async checkCredentials(credentials: TCredentials): Promise<void> {
    await this.requestClientCredentialsToken(this.tokenRequest(credentials));
  }
}
