import { CarrierClient, type CarrierClientOptions } from "@/lib/carriers/carrier-client";
import { errorForStatus } from "@/lib/carriers/http-client";

export const POSTNORD_DEFAULT_BASE_URL = "https://api2.postnord.com";

export type PostnordAnswer = { kind: "answer"; body: unknown } | { kind: "not_found"; message: string };

/** PostNord Track and Trace v5: the key in the `apikey` query parameter, one shipment or item id per call. */
export class PostnordClient extends CarrierClient {
  constructor(options: CarrierClientOptions = {}) {
    super("PostNord", POSTNORD_DEFAULT_BASE_URL, options);
  }

  async track(id: string, apiKey: string): Promise<PostnordAnswer> {
    // English descriptions: the status map reads them where PostNord gives no code.
    const query = new URLSearchParams({ id, locale: "en", apikey: apiKey });
    const url = `${this.baseUrl}/rest/shipment/v5/trackandtrace/findByIdentifier.json?${query}`;
    const response = await this.send(url, { headers: { Accept: "application/json" } }, apiKey);
    if (response.status === 200) return { kind: "answer", body: response.body };
    const detail = faultText(response.body);
    if (response.status === 404) return { kind: "not_found", message: detail ?? "PostNord has no shipment for this number" };
    throw errorForStatus("PostNord", response, detail);
  }
}

/** `{TrackingInformationResponse: {compositeFault: {faults: [{faultCode, explanationText}]}}}` or a gateway `{message}` → one line. */
function faultText(body: unknown): string | undefined {
  const parsed = body as {
    TrackingInformationResponse?: { compositeFault?: { faults?: Array<{ faultCode?: unknown; explanationText?: unknown }> } };
    message?: unknown;
  } | null;
  const first = parsed?.TrackingInformationResponse?.compositeFault?.faults?.[0];
  if (first) return `${String(first.faultCode ?? "")} ${String(first.explanationText ?? "")}`.trim();
  return typeof parsed?.message === "string" ? parsed.message : undefined;
}
