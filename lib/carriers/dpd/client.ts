import { CarrierClient, type CarrierClientOptions } from "@/lib/carriers/carrier-client";
import { errorForStatus } from "@/lib/carriers/http-client";
import { type AccessToken, credentialKey, OAuthTokenCache } from "@/lib/carriers/oauth-token-cache";
import { CarrierError } from "@/lib/carriers/types";
import { buildXml } from "@/lib/carriers/xml";
import { type DpdFault, dpdFault, dpdLoginToken, readSoap } from "./parse";

/** DPD Belgium's shipper web services; `https://wsshipper.dpd.nl/soap` for the Netherlands, `…/PublicApi` on the test hosts. */
export const DPD_DEFAULT_BASE_URL = "https://wsshipper.dpd.be/soap";

const SOAP_ENVELOPE = "http://schemas.xmlsoap.org/soap/envelope/";
const AUTHENTICATION = "http://dpd.com/common/service/types/Authentication/2.0";
const LOGIN = {
  path: "/services/LoginService/V2_1",
  namespace: "http://dpd.com/common/service/types/LoginService/2.1",
  action: "http://dpd.com/common/service/types/LoginService/2.1/getAuth",
};
const TRACKING = {
  path: "/services/ParcelLifeCycleService/V2_0",
  namespace: "http://dpd.com/common/service/types/ParcelLifeCycleService/2.0",
  action: "http://dpd.com/common/service/types/ParcelLifeCycleService/2.0/getTrackingData",
};

export interface DpdClientOptions extends CarrierClientOptions {
  /** Language of DPD's texts: `en_EN` (the default), `nl_NL`, `fr_FR`, `de_DE`. */
  messageLanguage?: string;
}

export interface DpdCredentials {
  delisId: string;
  password: string;
}

export type DpdAnswer = { kind: "answer"; envelope: Record<string, unknown> } | { kind: "not_found"; message: string };
type TrackingReply = DpdAnswer | { kind: "token_refused"; message: string };

/**
 * DPD's SOAP shipper web services: LoginService `getAuth` trades the delisId and password for a token
 * (cached per credential, about a day), which ParcelLifeCycleService `getTrackingData` takes in its
 * SOAP header, one parcel per call.
 */
export class DpdClient extends CarrierClient {
  private readonly tokens: OAuthTokenCache;
  private readonly language: string;

  constructor(options: DpdClientOptions = {}) {
    super("DPD", DPD_DEFAULT_BASE_URL, options);
    this.tokens = new OAuthTokenCache(options.clock);
    this.language = options.messageLanguage ?? "en_EN";
  }

  async track(parcelLabelNumber: string, credentials: DpdCredentials): Promise<DpdAnswer> {
    const key = credentialKey(this.baseUrl, credentials.delisId, credentials.password);
    const login = () => this.login(credentials, key);
    const token = await this.tokens.get(key, login);
    const first = await this.getTrackingData(parcelLabelNumber, credentials.delisId, token, key);
    if (first.kind !== "token_refused") return first;
    // The token expired early or a newer login replaced it: log in again once.
    this.tokens.invalidate(key, token);
    const second = await this.getTrackingData(parcelLabelNumber, credentials.delisId, await this.tokens.get(key, login), key);
    if (second.kind === "token_refused") throw new CarrierError("auth", `DPD refused a freshly issued token: ${second.message}`);
    return second;
  }

  /** One login: DPD's own answer to whether a delisId and password are good. */
  async checkCredentials(credentials: DpdCredentials): Promise<void> {
    await this.login(credentials, credentialKey(this.baseUrl, credentials.delisId, credentials.password));
  }

  private async login(credentials: DpdCredentials, quotaKey: string): Promise<AccessToken> {
    const body = buildXml({
      "soapenv:Envelope": {
        "@_xmlns:soapenv": SOAP_ENVELOPE,
        "@_xmlns:ns": LOGIN.namespace,
        "soapenv:Header": "",
        "soapenv:Body": { "ns:getAuth": { delisId: credentials.delisId, password: credentials.password, messageLanguage: this.language } },
      },
    });
    const { envelope, fault } = await this.post(LOGIN, body, quotaKey);
    if (fault?.kind === "auth") throw new CarrierError("auth", `DPD refused the delisId and password: ${fault.detail}`);
    if (fault) throw new CarrierError("unavailable", `DPD login failed: ${fault.detail}`);
    return dpdLoginToken(envelope, (this.options.clock ?? Date.now)());
  }

  private async getTrackingData(parcelLabelNumber: string, delisId: string, authToken: string, quotaKey: string): Promise<TrackingReply> {
    const body = buildXml({
      "soapenv:Envelope": {
        "@_xmlns:soapenv": SOAP_ENVELOPE,
        "@_xmlns:ns": AUTHENTICATION,
        "@_xmlns:ns1": TRACKING.namespace,
        "soapenv:Header": { "ns:authentication": { delisId, authToken, messageLanguage: this.language } },
        "soapenv:Body": { "ns1:getTrackingData": { parcelLabelNumber } },
      },
    });
    const { envelope, fault } = await this.post(TRACKING, body, quotaKey);
    if (fault?.kind === "auth") return { kind: "token_refused", message: fault.detail };
    if (fault?.kind === "parcel") return { kind: "not_found", message: fault.detail };
    if (fault) throw new CarrierError("unavailable", `DPD failed: ${fault.detail}`);
    return { kind: "answer", envelope };
  }

  /** One SOAP call; its fault when it answered with one (DPD sends them with HTTP 500). */
  private async post(
    service: { path: string; action: string },
    body: string,
    quotaKey: string,
  ): Promise<{ envelope: Record<string, unknown>; fault: DpdFault | null }> {
    const headers = { "Content-Type": "text/xml;charset=UTF-8", SOAPAction: service.action };
    const response = await this.send(`${this.baseUrl}${service.path}`, { method: "POST", headers, body }, quotaKey);
    const envelope = readSoap(response.body);
    const fault = envelope ? dpdFault(envelope) : null;
    if (envelope && fault) return { envelope, fault };
    if (response.status !== 200) throw errorForStatus("DPD", response);
    if (!envelope) throw new CarrierError("unavailable", "DPD sent an answer that is not XML");
    return { envelope, fault: null };
  }
}
