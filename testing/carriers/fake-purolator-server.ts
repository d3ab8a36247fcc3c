import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage } from "node:http";
import { buildXml, parseXml } from "@/lib/carriers/xml";
import { listenOnLoopback } from "./listen-on-loopback";

/**
 * A local stand-in for Purolator's Tracking Web Service: SOAP `TrackPackagesByPin` at
 * `/PWS/V1/Tracking/TrackingService.asmx` behind HTTP Basic (activation key and password), answering
 * each PIN from `lib/carriers/purolator/fixtures/`, failing on demand, and moving a PIN to Delivered when
 * told (`deliver`).
 */

export const PUROLATOR_NUMBERS = { delivered: "335500001234", inTransit: "335500005678", exception: "335500009012", notFound: "335599999999" } as const;
export const PUROLATOR_CREDENTIALS = { apiKey: "fake-purolator-key", password: "fake-purolator-password" };

const FIXTURE_OF: Record<string, string> = {
  [PUROLATOR_NUMBERS.delivered]: "delivered",
  [PUROLATOR_NUMBERS.inTransit]: "in-transit",
  [PUROLATOR_NUMBERS.exception]: "exception",
};

const SOAP_ACTION = '"http://purolator.com/pws/service/v1/TrackPackagesByPin"';

type Information = { PIN: { Value: string }; Scans?: { Scan?: Array<{ PIN?: { Value: string } }> }; ResponseInformation?: unknown };

/** The fixture's one `TrackingInformation`, renamed to `pin` (its scans carry the PIN too). */
function informationFor(name: string, pin: string): Information {
  const text = readFileSync(new URL(`../../lib/carriers/purolator/fixtures/${name}.xml`, import.meta.url), "utf8");
  const soap = parseXml(text, { arrays: ["TrackingInformation", "Scan"] }) as any;
  const information = soap.Envelope.Body.TrackPackagesByPinResponse.TrackingInformationList.TrackingInformation[0] as Information;
  information.PIN.Value = pin;
  for (const scan of information.Scans?.Scan ?? []) scan.PIN = { Value: pin };
  return information;
}

// Code and wording made up: Purolator's answer for an unknown PIN was not found in public sources.
const unknownPin = (pin: string) => ({
  PIN: { Value: pin },
  Scans: "",
  ResponseInformation: { Errors: { Error: { Code: "9999999", Description: "No tracking information is available for this PIN." } } },
});

export type PurolatorFailure = { kind: "auth" } | { kind: "rate_limited"; retryAfterSeconds: number } | { kind: "server_error" };

export interface FakePurolatorServer {
  url: string;
  /** The PINs of each call, in order. */
  calls: string[][];
  lastHeaders: Record<string, string | string[] | undefined>;
  /** The `RequestContext` header of the last call. */
  lastRequestContext: Record<string, unknown> | null;
  failWith(failure: PurolatorFailure | null): void;
  /** Answers for `pin` with the delivered fixture (a whole-flow test's parcel). */
  deliver(pin: string): void;
  reset(): void;
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<any> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return parseXml(Buffer.concat(chunks).toString("utf8"), { arrays: ["PIN"] });
}

const expectedAuthorization = `Basic ${Buffer.from(`${PUROLATOR_CREDENTIALS.apiKey}:${PUROLATOR_CREDENTIALS.password}`).toString("base64")}`;

export async function startFakePurolatorServer(): Promise<FakePurolatorServer> {
  const calls: string[][] = [];
  const delivered = new Set<string>();
  const state = { lastHeaders: {} as Record<string, string | string[] | undefined>, lastRequestContext: null as Record<string, unknown> | null };
  let failure: PurolatorFailure | null = null;

  const server = createServer(async (request, response) => {
    const send = (status: number, body: string, contentType = "text/xml; charset=utf-8", headers: Record<string, string> = {}) => {
      response.writeHead(status, { "content-type": contentType, ...headers });
      response.end(body);
    };
    if (request.method !== "POST" || request.url !== "/PWS/V1/Tracking/TrackingService.asmx") return send(404, "Not Found", "text/plain");
    state.lastHeaders = request.headers;
    const soap = await readBody(request);
    state.lastRequestContext = soap.Envelope?.Header?.RequestContext ?? null;
    const pins: string[] = (soap.Envelope?.Body?.TrackPackagesByPinRequest?.PINs?.PIN ?? []).map((pin: { Value: unknown }) => String(pin.Value));
    calls.push(pins);

    if (failure?.kind === "rate_limited") return send(429, "Too Many Requests", "text/plain", { "retry-after": String(failure.retryAfterSeconds) });
    if (failure?.kind === "server_error") return send(503, "<html><body>Service Unavailable</body></html>", "text/html");
    // IIS refuses bad Basic credentials before any SOAP is read.
    if (failure?.kind === "auth" || request.headers.authorization !== expectedAuthorization) {
      return send(401, "<html><body>401 - Unauthorized: Access is denied due to invalid credentials.</body></html>", "text/html");
    }
    if (request.headers.soapaction !== SOAP_ACTION) {
      return send(
        500,
        buildXml({
          "s:Envelope": {
            "@_xmlns:s": "http://schemas.xmlsoap.org/soap/envelope/",
            "s:Body": { "s:Fault": { faultcode: "s:Client", faultstring: "Unknown SOAPAction" } },
          },
        }),
      );
    }

    const informations = pins.map((pin) => {
      const name = delivered.has(pin) ? "delivered" : FIXTURE_OF[pin];
      return name ? informationFor(name, pin) : unknownPin(pin);
    });
    return send(
      200,
      buildXml({
        "s:Envelope": {
          "@_xmlns:s": "http://schemas.xmlsoap.org/soap/envelope/",
          "s:Body": {
            TrackPackagesByPinResponse: {
              "@_xmlns": "http://purolator.com/pws/datatypes/v1",
              ResponseInformation: { Errors: "", InformationalMessages: "" },
              TrackingInformationList: { TrackingInformation: informations },
            },
          },
        },
      }),
    );
  });

  const { url, close } = await listenOnLoopback(server);
  return {
    url,
    calls,
    get lastHeaders() {
      return state.lastHeaders;
    },
    get lastRequestContext() {
      return state.lastRequestContext;
    },
    failWith: (next) => void (failure = next),
    deliver: (pin) => void delivered.add(pin),
    reset() {
      calls.length = 0;
      delivered.clear();
      failure = null;
    },
    close,
  };
}
