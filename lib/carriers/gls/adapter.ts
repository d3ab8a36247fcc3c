import { type CarrierClientOptions } from "@/lib/carriers/carrier-client";
import { connectionCredential, requiredCredential } from "@/lib/carriers/connection-credentials";
import { mapWithConcurrency } from "@/lib/carriers/http-client";
import { credentialKey } from "@/lib/carriers/oauth-token-cache";
import { type CarrierAdapter, CarrierError, type TrackRequest, type TrackResult } from "@/lib/carriers/types";
import { GlsClient, type GlsCredentials } from "./client";
import { type GlsParcel, parseGlsParcel } from "./parse";
import { glsCarrier } from "@/lib/carriers/gls/descriptor";

export interface GlsAdapterOptions extends CarrierClientOptions {
  /** Server-wide app credentials, used when a tracking has no courier connection. */
  clientId?: string;
  clientSecret?: string;
}

function resultOf(trackingNumber: string, parcels: GlsParcel[] | undefined): TrackResult {
  // One number normally answers one parcel; prefer the one it names when GLS adds related parcels.
  const parcel = parcels?.find((candidate) => candidate.unitno?.toUpperCase() === trackingNumber.toUpperCase()) ?? parcels?.[0];
  if (!parcel) return { kind: "not_found", message: "GLS did not answer for this number" };
  if (!parcel.errorCode) return parseGlsParcel(parcel);
  // E_500_01 is GLS failing, not the number: the whole call is tried again later.
  if (parcel.errorCode.startsWith("E_500"))
    throw new CarrierError("unavailable", `GLS failed for ${trackingNumber}: ${parcel.errorMessage ?? parcel.errorCode}`);
  // E_404_01 not found, E_400_01 a number GLS cannot read: nothing to show for it yet.
  return { kind: "not_found", message: parcel.errorMessage ?? parcel.errorCode };
}

export function createGlsAdapter(options: GlsAdapterOptions = {}): CarrierAdapter {
  const client = new GlsClient(options);
  return {
    slugs: glsCarrier.slugs,
    batchSize: glsCarrier.batchSize,
    hasServerCredentials: Boolean(options.clientId && options.clientSecret),
    async testCredentials(credentials) {
      await client.checkCredentials({
        clientId: connectionCredential("GLS", credentials, "clientId"),
        clientSecret: connectionCredential("GLS", credentials, "clientSecret"),
      });
    },
    async track(requests) {
      // One call per app and ten numbers: a poll batch may mix trackings of several connections.
      const byApp = new Map<string, { credentials: GlsCredentials; requests: TrackRequest[] }>();
      for (const request of requests) {
        const credentials = {
          clientId: requiredCredential("GLS", request, "clientId", options.clientId),
          clientSecret: requiredCredential("GLS", request, "clientSecret", options.clientSecret),
        };
        const key = credentialKey(credentials.clientId, credentials.clientSecret);
        const app = byApp.get(key) ?? { credentials, requests: [] };
        app.requests.push(request);
        byApp.set(key, app);
      }
      const calls = [...byApp.values()].flatMap(({ credentials, requests: all }) =>
        Array.from({ length: Math.ceil(all.length / glsCarrier.batchSize) }, (_, index) => ({
          credentials,
          group: all.slice(index * glsCarrier.batchSize, (index + 1) * glsCarrier.batchSize),
        })),
      );
      const answered = await mapWithConcurrency(calls, 2, async ({ credentials, group }) => {
        const parcels = await client.track(
          group.map((request) => request.trackingNumber),
          credentials,
        );
        return group.map((request): [string, TrackResult] => [request.id, resultOf(request.trackingNumber, parcels.get(request.trackingNumber.toUpperCase()))]);
      });
      return new Map(answered.flat());
    },
  };
}
