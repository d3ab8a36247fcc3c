import { z } from "zod";
import { CarrierClient, type CarrierClientOptions } from "@/lib/carriers/carrier-client";
import { errorForStatus } from "@/lib/carriers/http-client";
import { credentialKey } from "@/lib/carriers/oauth-token-cache";
import { CarrierError } from "@/lib/carriers/types";
import { auspostResult, type AuspostResult } from "./parse";

export const AUSPOST_DEFAULT_BASE_URL = "https://digitalapi.auspost.com.au";

export interface AuspostCredentials {
  apiKey: string;
  password: string;
  accountNumber: string;
}

const answer = z.object({ tracking_results: z.array(auspostResult) });

/** The Shipping & Tracking API: Basic auth with the API key and password, the contract's account number in a header. */
export class AuspostClient extends CarrierClient {
  constructor(options: CarrierClientOptions = {}) {
    super("Australia Post", AUSPOST_DEFAULT_BASE_URL, options);
  }

  /** The results of one call, by upper-cased tracking id; an id Australia Post leaves out is missing from the map. */
  async track(trackingIds: string[], credentials: AuspostCredentials): Promise<Map<string, AuspostResult>> {
    const ids = trackingIds.map((id) => encodeURIComponent(id)).join(",");
    const url = `${this.baseUrl}/shipping/v1/track?tracking_ids=${ids}`;
    const headers = {
      Authorization: `Basic ${Buffer.from(`${credentials.apiKey}:${credentials.password}`).toString("base64")}`,
      "account-number": credentials.accountNumber,
      Accept: "application/json",
    };
    const quotaKey = credentialKey(this.baseUrl, credentials.apiKey, credentials.password, credentials.accountNumber);
    const response = await this.send(url, { headers }, quotaKey);
    const { status } = response;
    if (status === 401 || status === 403 || status === 429 || status >= 500) throw errorForStatus("Australia Post", response, errorDetail(response.body));
    // Per-id errors come inside `tracking_results`, whatever the status of the whole answer.
    const parsed = answer.safeParse(response.body);
    if (!parsed.success) {
      if (status >= 400) throw errorForStatus("Australia Post", response, errorDetail(response.body));
      throw new CarrierError("unavailable", `Australia Post sent an unreadable answer (${status})`);
    }
    return new Map(parsed.data.tracking_results.map((result) => [result.tracking_id.toUpperCase(), result]));
  }
}

/** `{errors: [{code, name, message}]}` → "51101 TOO_MANY_AP_TRACKING_IDS: …". */
function errorDetail(body: unknown): string | undefined {
  const first = (body as { errors?: Array<{ code?: unknown; name?: unknown; message?: unknown }> } | null)?.errors?.[0];
  if (!first) return typeof body === "string" && body ? body.slice(0, 200) : undefined;
  const head = [first.code, first.name].filter((part) => typeof part === "string" && part).join(" ");
  return typeof first.message === "string" ? `${head}: ${first.message}` : head || undefined;
}
