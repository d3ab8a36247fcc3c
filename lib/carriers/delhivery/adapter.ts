import { type CarrierClientOptions } from "@/lib/carriers/carrier-client";
import { connectionCredential, requiredCredential } from "@/lib/carriers/connection-credentials";
import { mapWithConcurrency } from "@/lib/carriers/http-client";
import { type CarrierAdapter, type TrackRequest, type TrackResult } from "@/lib/carriers/types";
import { DelhiveryClient } from "./client";
import { parseDelhiveryShipment } from "./parse";
import { delhiveryCarrier } from "@/lib/carriers/delhivery/descriptor";

export interface DelhiveryAdapterOptions extends CarrierClientOptions {
  /** Server-wide API token, used when a tracking has no courier connection. */
  token?: string;
}

const NOT_FOUND_MESSAGE = "No such waybill or Order Id found";

export function createDelhiveryAdapter(options: DelhiveryAdapterOptions = {}): CarrierAdapter {
  const client = new DelhiveryClient(options);

  /** Results by upper-cased waybill. */
  async function lookup(waybills: string[], token: string): Promise<Map<string, TrackResult>> {
    const answer = await client.track(waybills, token);
    if (answer.kind === "refused") {
      if (waybills.length === 1) return new Map([[waybills[0]!.toUpperCase(), { kind: "not_found", message: answer.message }]]);
      // Delhivery may refuse a whole list for one waybill it does not know: halve the list until the unknown ones stand alone.
      const middle = Math.ceil(waybills.length / 2);
      const first = await lookup(waybills.slice(0, middle), token);
      return new Map([...first, ...(await lookup(waybills.slice(middle), token))]);
    }
    return new Map(
      waybills.map((waybill): [string, TrackResult] => {
        const shipment = answer.shipments.get(waybill.toUpperCase());
        return [waybill.toUpperCase(), shipment ? parseDelhiveryShipment(shipment) : { kind: "not_found", message: NOT_FOUND_MESSAGE }];
      }),
    );
  }

  return {
    slugs: delhiveryCarrier.slugs,
    batchSize: delhiveryCarrier.batchSize,
    hasServerCredentials: Boolean(options.token),
    // No token endpoint: a lookup answers 401 for a token Delhivery does not know, and "no such waybill" for a good one.
    async testCredentials(credentials) {
      await client.track(["0000000000000"], connectionCredential("Delhivery", credentials, "token"));
    },
    async track(requests) {
      // One call per token and fifty waybills: a poll batch may mix trackings of several connections.
      const byToken = new Map<string, TrackRequest[]>();
      for (const request of requests) {
        const token = requiredCredential("Delhivery", request, "token", options.token);
        byToken.set(token, [...(byToken.get(token) ?? []), request]);
      }
      const calls = [...byToken].flatMap(([token, all]) =>
        Array.from({ length: Math.ceil(all.length / delhiveryCarrier.batchSize) }, (_, index) => ({
          token,
          group: all.slice(index * delhiveryCarrier.batchSize, (index + 1) * delhiveryCarrier.batchSize),
        })),
      );
      const answered = await mapWithConcurrency(calls, 2, async ({ token, group }) => {
        const results = await lookup(
          group.map((request) => request.trackingNumber),
          token,
        );
        return group.map((request): [string, TrackResult] => [request.id, results.get(request.trackingNumber.toUpperCase())!]);
      });
      return new Map(answered.flat());
    },
  };
}
