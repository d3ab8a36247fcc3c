import { z } from "zod";
import { CarrierClient, type CarrierClientOptions } from "@/lib/carriers/carrier-client";
import { errorForStatus } from "@/lib/carriers/http-client";
import { CarrierError } from "@/lib/carriers/types";
import { laposteItem, type LaposteItem } from "./parse";

export const LAPOSTE_DEFAULT_BASE_URL = "https://api.laposte.fr";

const answer = z.union([z.array(laposteItem), laposteItem]);

/** La Poste Suivi v2 (La Poste, Colissimo, Chronopost): `X-Okapi-Key`, up to ten numbers a call, one item each. */
export class LaposteClient extends CarrierClient {
  constructor(options: CarrierClientOptions = {}) {
    super("La Poste", LAPOSTE_DEFAULT_BASE_URL, options);
  }

  /** The items of one call, by upper-cased number; a number La Poste leaves out is missing from the map. */
  async track(trackingNumbers: string[], apiKey: string): Promise<Map<string, LaposteItem>> {
    const ids = trackingNumbers.map((number) => encodeURIComponent(number)).join(",");
    const url = `${this.baseUrl}/suivi/v2/idships/${ids}?lang=en_GB`;
    const response = await this.send(url, { headers: { "X-Okapi-Key": apiKey, Accept: "application/json" } }, apiKey);
    if (response.status === 401 || response.status === 403 || response.status === 429 || response.status >= 500) {
      throw errorForStatus("La Poste", response, messageOf(response.body));
    }
    const parsed = answer.safeParse(response.body);
    if (!parsed.success) {
      // A lone unknown number can come back as a bare 404 without a JSON body.
      if (response.status === 404 && trackingNumbers.length === 1) {
        return new Map([[trackingNumbers[0]!.toUpperCase(), { idShip: trackingNumbers[0], returnCode: 404, returnMessage: "Not found" }]]);
      }
      if (response.status >= 400) throw errorForStatus("La Poste", response, messageOf(response.body));
      throw new CarrierError("unavailable", `La Poste sent an unreadable answer (${response.status})`);
    }
    const items = Array.isArray(parsed.data) ? parsed.data : [parsed.data];
    // With one number the item may carry its id only inside the shipment, or not at all.
    const idOf = (item: LaposteItem) => (item.idShip ?? item.shipment?.idShip ?? (trackingNumbers.length === 1 ? trackingNumbers[0] : ""))!.toUpperCase();
    return new Map(items.map((item) => [idOf(item), item]));
  }
}

function messageOf(body: unknown): string | undefined {
  const message = (body as { returnMessage?: unknown; message?: unknown } | null)?.returnMessage ?? (body as { message?: unknown } | null)?.message;
  return typeof message === "string" ? message : undefined;
}
