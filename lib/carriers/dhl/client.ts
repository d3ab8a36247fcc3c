import { CarrierClient, type CarrierClientOptions } from "@/lib/carriers/carrier-client";
import { errorForStatus } from "@/lib/carriers/http-client";

export const DHL_DEFAULT_BASE_URL = "https://api-eu.dhl.com";

/** `baseUrl` is scheme and host (`/track/shipments` is appended); the quota is per API key (Starter plan: 1 call a second, 250 a day). */
export type DhlClientOptions = CarrierClientOptions;

export interface DhlQuery {
  trackingNumber: string;
  apiKey: string;
  /** Which DHL division to ask; without it DHL may answer for a linked number of another division. */
  service?: string;
  recipientPostalCode?: string;
  originCountryCode?: string;
}

export type DhlAnswer = { kind: "answer"; body: unknown } | { kind: "not_found"; message: string };

/** DHL Shipment Tracking – Unified: one number per call, API key in the `DHL-API-Key` header. */
export class DhlClient extends CarrierClient {
  constructor(options: DhlClientOptions = {}) {
    super("DHL", DHL_DEFAULT_BASE_URL, options);
  }

  async track(query: DhlQuery): Promise<DhlAnswer> {
    const url = new URL(`${this.baseUrl}/track/shipments`);
    url.searchParams.set("trackingNumber", query.trackingNumber);
    // The keyword rules that refine DHL's coarse codes are written for English texts.
    url.searchParams.set("language", "en");
    if (query.service) url.searchParams.set("service", query.service);
    if (query.recipientPostalCode) url.searchParams.set("recipientPostalCode", query.recipientPostalCode);
    if (query.originCountryCode) url.searchParams.set("originCountryCode", query.originCountryCode);
    const response = await this.send(url.toString(), { headers: { "DHL-API-Key": query.apiKey, Accept: "application/json" } }, query.apiKey);
    if (response.status === 200) return { kind: "answer", body: response.body };
    const detail = problemDetail(response.body);
    if (response.status === 404) {
      return { kind: "not_found", message: detail ?? "No shipment with given tracking number found." };
    }
    throw errorForStatus("DHL", response, detail ?? undefined);
  }
}

/** The text of an RFC 7807 problem body, which DHL uses for every error. */
function problemDetail(body: unknown): string | null {
  if (!body || typeof body !== "object") return typeof body === "string" && body ? body.slice(0, 200) : null;
  const { detail, title } = body as { detail?: unknown; title?: unknown };
  const text = [title, detail].filter((part): part is string => typeof part === "string" && part !== "").join(": ");
  return text || null;
}
