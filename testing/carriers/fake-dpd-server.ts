import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage } from "node:http";
import { buildXml, parseXml } from "@/lib/carriers/xml";
import { listenOnLoopback } from "./listen-on-loopback";

/**
 * A local stand-in for DPD's SOAP shipper web services: LoginService `getAuth` (delisId and password →
 * token) and ParcelLifeCycleService `getTrackingData` (token in the `authentication` header), answering
 * from `lib/carriers/dpd/fixtures/`, faulting as DPD does, failing on demand, and moving a number to
 * Delivered when told (`deliver`).
 */

export const DPD_NUMBERS = {
  delivered: "05501234567890",
  inTransit: "05509876543210",
  exception: "05505555555555",
  /** Known to DPD, but no stage reached yet. */
  notFound: "05500000000042",
  /** A number ParcelLifeCycleService refuses with its own fault. */
  invalid: "0550",
} as const;
export const DPD_CREDENTIALS = { delisId: "fakedelis01", password: "fake-dpd-password" };

const FIXTURE_OF: Record<string, string> = {
  [DPD_NUMBERS.delivered]: "delivered",
  [DPD_NUMBERS.inTransit]: "in-transit",
  [DPD_NUMBERS.exception]: "exception",
};

const fixture = (name: string) => readFileSync(new URL(`../../lib/carriers/dpd/fixtures/${name}.xml`, import.meta.url), "utf8");

const SOAP_ENVELOPE = "http://schemas.xmlsoap.org/soap/envelope/";

const envelope = (body: Record<string, unknown>) => buildXml({ "soap:Envelope": { "@_xmlns:soap": SOAP_ENVELOPE, "soap:Body": body } });

const fault = (detail: Record<string, unknown>) => envelope({ "soap:Fault": { faultcode: "soap:Server", faultstring: "Fault occured", detail } });

const authenticationFault = (errorCode: string, errorMessage: string) =>
  fault({ "ns:authenticationFault": { "@_xmlns:ns": "http://dpd.com/common/service/types/Authentication/2.0", errorCode, errorMessage } });

const emptyResult = () =>
  envelope({
    getTrackingDataResponse: {
      "@_xmlns": "http://dpd.com/common/service/types/ParcelLifeCycleService/2.0",
      trackingresult: { shipmentInfo: { status: "SHIPMENT", statusHasBeenReached: "false", isCurrentStatus: "false", showContactInfo: "false" } },
    },
  });

export type DpdFailure = { kind: "auth" } | { kind: "rate_limited"; retryAfterSeconds: number; times?: number } | { kind: "server_error" };

export interface FakeDpdServer {
  url: string;
  /** The parcel numbers of each `getTrackingData` call, in order (refused ones included). */
  calls: string[];
  /** How many `getAuth` calls were made. */
  readonly logins: number;
  /** The SOAPAction headers of every request, in order. */
  soapActions: string[];
  failWith(failure: DpdFailure | null): void;
  /** Answers for `number` with the delivered fixture (a whole-flow test's parcel). */
  deliver(number: string): void;
  /** Forgets every token it issued, as DPD does when one expires. */
  expireTokens(): void;
  reset(): void;
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return parseXml(Buffer.concat(chunks).toString("utf8"));
}

/** `2026-03-11T13:02:56.06`: a day from now, without an offset, as DPD writes `authTokenExpires`. */
const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 22);

export async function startFakeDpdServer(): Promise<FakeDpdServer> {
  const calls: string[] = [];
  const soapActions: string[] = [];
  const delivered = new Set<string>();
  const tokens = new Set<string>();
  const state = { logins: 0, issued: 0 };
  let failure: DpdFailure | null = null;
  let failuresLeft = Infinity;

  const server = createServer(async (request, response) => {
    const send = (status: number, body: string, headers: Record<string, string> = {}) => {
      response.writeHead(status, { "content-type": "text/xml; charset=utf-8", ...headers });
      response.end(body);
    };
    soapActions.push(String(request.headers.soapaction ?? ""));
    const isLogin = request.url === "/services/LoginService/V2_1";
    const isTracking = request.url === "/services/ParcelLifeCycleService/V2_0";
    if (request.method !== "POST" || (!isLogin && !isTracking)) return send(404, "Not Found", { "content-type": "text/plain" });
    const soap = (await readBody(request)) as { Envelope?: { Header?: any; Body?: any } };
    if (isTracking) calls.push(String(soap.Envelope?.Body?.getTrackingData?.parcelLabelNumber ?? ""));
    else state.logins += 1;

    if (failure && failure.kind !== "auth" && failuresLeft > 0) {
      failuresLeft -= 1;
      if (failure.kind === "rate_limited")
        return send(429, "Too Many Requests", { "content-type": "text/plain", "retry-after": String(failure.retryAfterSeconds) });
      return send(503, "Service Unavailable", { "content-type": "text/plain" });
    }

    if (isLogin) {
      const { delisId, password } = soap.Envelope?.Body?.getAuth ?? {};
      if (failure?.kind === "auth" || delisId !== DPD_CREDENTIALS.delisId || password !== DPD_CREDENTIALS.password) {
        return send(500, authenticationFault("DELICOM_ERR_AUTHENTICATION", "Authentication failure, check delisId and password."));
      }
      const authToken = `fake-dpd-token-${++state.issued}`;
      tokens.add(authToken);
      return send(
        200,
        envelope({
          getAuthResponse: {
            "@_xmlns": "http://dpd.com/common/service/types/LoginService/2.1",
            return: { delisId, customerUid: delisId, authToken, depot: "0550", authTokenExpires: tomorrow() },
          },
        }),
      );
    }

    const authentication = soap.Envelope?.Header?.authentication ?? {};
    if (failure?.kind === "auth" || authentication.delisId !== DPD_CREDENTIALS.delisId || !tokens.has(authentication.authToken)) {
      // The documented fault shape; the code and wording for a stale token are made up.
      return send(500, authenticationFault("TOKEN_EXPIRED", "The authentication token is invalid or has expired."));
    }
    const number = calls.at(-1)!;
    // Code and wording made up: DPD's answer for a malformed number was not found in public sources.
    if (number === DPD_NUMBERS.invalid) {
      return send(
        500,
        fault({
          "ns:faults": {
            "@_xmlns:ns": "http://dpd.com/common/service/types/ParcelLifeCycleService/2.0",
            faultCode: "PARCEL_NUMBER_INVALID",
            message: "The parcel label number is not valid.",
          },
        }),
      );
    }
    const name = delivered.has(number) ? "delivered" : FIXTURE_OF[number];
    return send(200, name ? fixture(name) : emptyResult());
  });

  const { url, close } = await listenOnLoopback(server);
  return {
    url,
    calls,
    soapActions,
    get logins() {
      return state.logins;
    },
    failWith(next) {
      failure = next;
      failuresLeft = next?.kind === "rate_limited" ? (next.times ?? Infinity) : Infinity;
    },
    deliver: (number) => void delivered.add(number),
    expireTokens: () => tokens.clear(),
    reset() {
      calls.length = 0;
      soapActions.length = 0;
      delivered.clear();
      tokens.clear();
      state.logins = 0;
      failure = null;
    },
    close,
  };
}
