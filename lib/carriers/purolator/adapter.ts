import { type CarrierClientOptions } from "@/lib/carriers/carrier-client";
import { connectionCredential, credential, requiredCredential } from "@/lib/carriers/connection-credentials";
import { mapWithConcurrency } from "@/lib/carriers/http-client";
import { credentialKey } from "@/lib/carriers/oauth-token-cache";
import { type CarrierAdapter, type TrackRequest, type TrackResult } from "@/lib/carriers/types";
import { PurolatorClient, type PurolatorCredentials } from "./client";
import { purolatorCarrier } from "@/lib/carriers/purolator/descriptor";

export interface PurolatorAdapterOptions extends CarrierClientOptions {
  /** Server-wide activation key, password and optional user token, used when a tracking has no courier connection. */
  apiKey?: string;
  password?: string;
  userToken?: string;
}

export function createPurolatorAdapter(options: PurolatorAdapterOptions = {}): CarrierAdapter {
  const client = new PurolatorClient(options);
  const credentialsOf = (request: TrackRequest): PurolatorCredentials => ({
    apiKey: requiredCredential("Purolator", request, "apiKey", options.apiKey),
    password: requiredCredential("Purolator", request, "password", options.password),
    userToken: credential(request, "token", options.userToken),
  });
  return {
    slugs: purolatorCarrier.slugs,
    batchSize: purolatorCarrier.batchSize,
    hasServerCredentials: Boolean(options.apiKey && options.password),
    // No login call: one lookup answers 401 for a key and password Purolator does not know.
    async testCredentials(credentials) {
      await client.track(["000000000000"], {
        apiKey: connectionCredential("Purolator", credentials, "apiKey"),
        password: connectionCredential("Purolator", credentials, "password"),
        userToken: credentials.token?.trim() || undefined,
      });
    },
    async track(requests) {
      // One call per connection and ten PINs: a poll batch may mix trackings of several connections.
      const groups = new Map<string, { credentials: PurolatorCredentials; requests: TrackRequest[] }>();
      for (const request of requests) {
        const credentials = credentialsOf(request);
        const key = credentialKey(credentials.apiKey, credentials.password, credentials.userToken);
        const group = groups.get(key) ?? { credentials, requests: [] };
        group.requests.push(request);
        groups.set(key, group);
      }
      const calls = [...groups.values()].flatMap(({ credentials, requests: all }) =>
        Array.from({ length: Math.ceil(all.length / purolatorCarrier.batchSize) }, (_, index) => ({
          credentials,
          group: all.slice(index * purolatorCarrier.batchSize, (index + 1) * purolatorCarrier.batchSize),
        })),
      );
      const answered = await mapWithConcurrency(calls, 2, async ({ credentials, group }) => {
        const results = await client.track(
          group.map((request) => request.trackingNumber),
          credentials,
        );
        return group.map((request): [string, TrackResult] => [request.id, results.get(request.trackingNumber.toUpperCase())!]);
      });
      return new Map(answered.flat());
    },
  };
}
