import { CarrierClient, type CarrierClientOptions } from "@/lib/carriers/carrier-client";
import { type CarrierResponse, errorForStatus, retryAfterSeconds } from "@/lib/carriers/http-client";
import { credentialKey } from "@/lib/carriers/oauth-token-cache";
import { CarrierError } from "@/lib/carriers/types";
import { type CanadapostAnswer, type CanadapostMessage, readCanadapostAnswer } from "./parse";

/** Production; development keys work only against https://ct.soa-gw.canadapost.ca. */
export const CANADAPOST_DEFAULT_BASE_URL = "https://soa-gw.canadapost.ca";

export interface CanadapostCredentials {
  username: string;
  password: string;
}

export type CanadapostTrackAnswer = { kind: "answer"; detail: unknown } | { kind: "not_found"; message: string };

const CARRIER = "Canada Post";
// "No Pin History": Canada Post has never scanned or been told of this PIN.
const NOT_FOUND_CODE = "004";
// E002 "AAA Authentication Failure"; AA001 key deactivated; AA002 development key on production or the reverse.
const AUTH_CODES = new Set(["E002", "AA001", "AA002"]);
// The gateway's throttle ("Server", "Rejected by SLM Monitor") blocks the key for a rolling minute and sends no Retry-After.
const THROTTLE_DESCRIPTION = "rejected by slm monitor";
const THROTTLE_WINDOW_SECONDS = 60;

/** Canada Post Get Tracking Details (REST, XML): HTTP Basic auth with the API key's username and password, one PIN per call. */
export class CanadapostClient extends CarrierClient {
  constructor(options: CarrierClientOptions = {}) {
    super(CARRIER, CANADAPOST_DEFAULT_BASE_URL, options);
  }

  async track(pin: string, credentials: CanadapostCredentials): Promise<CanadapostTrackAnswer> {
    const url = `${this.baseUrl}/vis/track/pin/${encodeURIComponent(pin.trim())}/detail`;
    const headers = {
      Authorization: `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString("base64")}`,
      // "*/*" is refused: the versioned media type is required.
      Accept: "application/vnd.cpc.track-v2+xml",
      "Accept-Language": "en-CA",
    };
    const response = await this.send(url, { headers }, credentialKey(this.baseUrl, credentials.username, credentials.password));
    const answer = readAnswer(response);
    const notFound = answer?.messages.find((message) => message.code === NOT_FOUND_CODE);
    if (notFound) return { kind: "not_found", message: notFound.description || "No Pin History" };
    if (response.status === 200 && answer?.detail) return { kind: "answer", detail: answer.detail };
    throw errorOf(response, answer?.messages ?? []);
  }
}

function readAnswer(response: CarrierResponse): CanadapostAnswer | null {
  if (typeof response.body !== "string") return null;
  try {
    return readCanadapostAnswer(response.body);
  } catch {
    return null;
  }
}

function errorOf(response: CarrierResponse, messages: CanadapostMessage[]): CarrierError {
  const detail = messages.map((message) => `${message.code} ${message.description}`.trim()).join("; ") || undefined;
  if (messages.some((message) => AUTH_CODES.has(message.code))) {
    return new CarrierError("auth", `${CARRIER} rejected the credentials (${response.status}): ${detail}`);
  }
  const throttled = messages.some((message) => message.description.toLowerCase() === THROTTLE_DESCRIPTION);
  if (throttled || response.status === 429) {
    const suffix = detail ? `: ${detail}` : "";
    return new CarrierError("rate_limited", `${CARRIER} rate limit reached${suffix}`, retryAfterSeconds(response.headers) ?? THROTTLE_WINDOW_SECONDS);
  }
  if (response.status < 400) return new CarrierError("unavailable", `${CARRIER} sent an unreadable answer (${response.status})`);
  return errorForStatus(CARRIER, response, detail);
}
