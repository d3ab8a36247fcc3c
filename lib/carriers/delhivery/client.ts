import { z } from "zod";
import { CarrierClient, type CarrierClientOptions } from "@/lib/carriers/carrier-client";
import { errorForStatus } from "@/lib/carriers/http-client";
import { credentialKey } from "@/lib/carriers/oauth-token-cache";
import { CarrierError } from "@/lib/carriers/types";
import { delhiveryShipment, type DelhiveryShipment } from "./parse";

export const DELHIVERY_DEFAULT_BASE_URL = "https://track.delhivery.com";

const answer = z.object({
  ShipmentData: z.array(z.object({ Shipment: delhiveryShipment })).nullish(),
  Error: z.string().nullish(),
});

/** The packages Delhivery answered with, by waybill, or its refusal of the whole list ("No such waybill or Order Id found"). */
export type DelhiveryAnswer = { kind: "shipments"; shipments: Map<string, DelhiveryShipment> } | { kind: "refused"; message: string };

const NOT_FOUND = /no such waybill|not found/i;

/** Delhivery's pull tracking API: `Authorization: Token <token>`, a comma list of waybills. */
export class DelhiveryClient extends CarrierClient {
  constructor(options: CarrierClientOptions = {}) {
    super("Delhivery", DELHIVERY_DEFAULT_BASE_URL, options);
  }

  async track(waybills: string[], token: string): Promise<DelhiveryAnswer> {
    const url = `${this.baseUrl}/api/v1/packages/json/?waybill=${waybills.map((waybill) => encodeURIComponent(waybill)).join(",")}`;
    const headers = { Authorization: `Token ${token}`, Accept: "application/json" };
    const response = await this.send(url, { headers }, credentialKey(this.baseUrl, token));
    const { status } = response;
    if (status === 401 || status === 403 || status === 429 || status >= 500) throw errorForStatus("Delhivery", response, detailOf(response.body));
    const parsed = answer.safeParse(response.body);
    if (!parsed.success) {
      if (status >= 400) throw errorForStatus("Delhivery", response, detailOf(response.body));
      throw new CarrierError("unavailable", `Delhivery sent an unreadable answer (${status})`);
    }
    const { ShipmentData: data, Error: error } = parsed.data;
    if (data?.length) return { kind: "shipments", shipments: new Map(data.map(({ Shipment }) => [Shipment.AWB.toUpperCase(), Shipment])) };
    if (!error) return { kind: "shipments", shipments: new Map() };
    // Delhivery answers 200 with an `Error` for waybills it does not know; any other error is its own trouble.
    if (NOT_FOUND.test(error)) return { kind: "refused", message: error };
    throw status >= 400 ? errorForStatus("Delhivery", response, error) : new CarrierError("unavailable", `Delhivery answered: ${error}`);
  }
}

function detailOf(body: unknown): string | undefined {
  if (typeof body === "string") return body.slice(0, 200) || undefined;
  const parsed = body as { Error?: unknown; detail?: unknown; rmk?: unknown } | null;
  const detail = parsed?.Error ?? parsed?.detail ?? parsed?.rmk;
  return typeof detail === "string" ? detail : undefined;
}
