import { CarrierClient, type CarrierClientOptions } from "@/lib/carriers/carrier-client";
import { errorForStatus } from "@/lib/carriers/http-client";
import { credentialKey } from "@/lib/carriers/oauth-token-cache";
import { CarrierError, type TrackResult } from "@/lib/carriers/types";
import { buildXml } from "@/lib/carriers/xml";
import { parsePurolatorResponse, readSoap, soapFaultDetail } from "./parse";

/** Production; `https://devwebservices.purolator.com` is the development host. */
export const PUROLATOR_DEFAULT_BASE_URL = "https://webservices.purolator.com";

const TRACKING_PATH = "/PWS/V1/Tracking/TrackingService.asmx";
const SOAP_ACTION = "http://purolator.com/pws/service/v1/TrackPackagesByPin";
const SOAP_ENVELOPE = "http://schemas.xmlsoap.org/soap/envelope/";
const DATATYPES = "http://purolator.com/pws/datatypes/v1";

export interface PurolatorCredentials {
  /** The activation key of the E-Ship Web Services account (HTTP Basic user). */
  apiKey: string;
  password: string;
  /** `UserToken` of the request context, for accounts Purolator issued one to. */
  userToken?: string;
}

/** Purolator Tracking Web Service v1 (SOAP): HTTP Basic with the key and password, several PINs a call. */
export class PurolatorClient extends CarrierClient {
  constructor(options: CarrierClientOptions = {}) {
    super("Purolator", PUROLATOR_DEFAULT_BASE_URL, options);
  }

  /** One result per PIN, keyed upper-case. */
  async track(pins: readonly string[], credentials: PurolatorCredentials): Promise<Map<string, TrackResult>> {
    const body = buildXml({
      "soap:Envelope": {
        "@_xmlns:soap": SOAP_ENVELOPE,
        "@_xmlns:v1": DATATYPES,
        "soap:Header": {
          "v1:RequestContext": {
            "v1:Version": "1.2",
            "v1:Language": "en",
            "v1:GroupID": "",
            "v1:RequestReference": "waybill",
            ...(credentials.userToken ? { "v1:UserToken": credentials.userToken } : {}),
          },
        },
        "soap:Body": { "v1:TrackPackagesByPinRequest": { "v1:PINs": { "v1:PIN": pins.map((pin) => ({ "v1:Value": pin })) } } },
      },
    });
    const headers = {
      Authorization: `Basic ${Buffer.from(`${credentials.apiKey}:${credentials.password}`).toString("base64")}`,
      "Content-Type": "text/xml; charset=utf-8",
      SOAPAction: `"${SOAP_ACTION}"`,
    };
    const quotaKey = credentialKey(this.baseUrl, credentials.apiKey, credentials.password, credentials.userToken);
    const response = await this.send(`${this.baseUrl}${TRACKING_PATH}`, { method: "POST", headers, body }, quotaKey);
    const envelope = readSoap(response.body);
    // A key or password IIS does not accept is a 401 before any SOAP; a SOAP fault comes with HTTP 500.
    if (response.status !== 200) throw errorForStatus("Purolator", response, envelope ? soapFaultDetail(envelope) : undefined);
    if (!envelope) throw new CarrierError("unavailable", "Purolator sent an answer that is not XML");
    return parsePurolatorResponse(envelope, pins);
  }
}
