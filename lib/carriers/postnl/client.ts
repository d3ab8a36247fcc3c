import { CarrierClient, type CarrierClientOptions } from "@/lib/carriers/carrier-client";
import { errorForStatus } from "@/lib/carriers/http-client";
import { credentialKey } from "@/lib/carriers/oauth-token-cache";
import { CarrierError } from "@/lib/carriers/types";
import { postnlAnswer, type PostnlShipment, postnlShipmentFor } from "./parse";

export const POSTNL_DEFAULT_BASE_URL = "https://api.postnl.nl";

export type PostnlAnswer = { kind: "answer"; shipment: PostnlShipment } | { kind: "not_found"; message: string };

/** PostNL Shippingstatus v2: the `apikey` header, one barcode per call. */
export class PostnlClient extends CarrierClient {
  constructor(options: CarrierClientOptions = {}) {
    super("PostNL", POSTNL_DEFAULT_BASE_URL, options);
  }

  async track(barcode: string, apiKey: string): Promise<PostnlAnswer> {
    const url = new URL(`${this.baseUrl}/shipment/v2/status/barcode/${encodeURIComponent(barcode)}`);
    // detail=true: every event, not only the current status, so no scan between two polls is lost.
    url.search = new URLSearchParams({ detail: "true", language: "EN" }).toString();
    const headers = { apikey: apiKey, Accept: "application/json" };
    const response = await this.send(url.toString(), { headers }, credentialKey(this.baseUrl, apiKey));
    const detail = errorDetail(response.body);
    if (response.status === 200) {
      const parsed = postnlAnswer.safeParse(response.body);
      if (!parsed.success) throw new CarrierError("unavailable", `PostNL sent an unreadable answer: ${parsed.error.message}`);
      const shipment = postnlShipmentFor(parsed.data, barcode);
      return shipment ? { kind: "answer", shipment } : { kind: "not_found", message: detail ?? "PostNL knows no shipment with this barcode" };
    }
    // The barcode is the request's only variable part, so a 400 or 404 is about the number.
    if (response.status === 400 || response.status === 404) return { kind: "not_found", message: detail ?? `PostNL answered ${response.status}` };
    throw errorForStatus("PostNL", response, detail);
  }
}

/** `Warnings[0]` of an answer, or the gateway's `{fault: {faultstring}}` (also seen without the `fault` wrapper). */
function errorDetail(body: unknown): string | undefined {
  type ErrorBody = {
    Warnings?: Array<{ Message?: unknown; Description?: unknown; Code?: unknown }>;
    fault?: { faultstring?: unknown };
    faultstring?: unknown;
  } | null;
  const parsed = body as ErrorBody;
  const warning = Array.isArray(parsed?.Warnings) ? parsed.Warnings[0] : undefined;
  const candidates = [warning?.Message, warning?.Description, warning?.Code, parsed?.fault?.faultstring, parsed?.faultstring];
  const found = candidates.find((value) => typeof value === "string" && value.trim());
  return typeof found === "string" ? found.trim() : undefined;
}
