import { type CarrierClientOptions } from "@/lib/carriers/carrier-client";
import { connectionCredential, requiredCredential } from "@/lib/carriers/connection-credentials";
import { mapWithConcurrency } from "@/lib/carriers/http-client";
import { credentialKey } from "@/lib/carriers/oauth-token-cache";
import { type CarrierAdapter, type TrackRequest, type TrackResult } from "@/lib/carriers/types";
import { AuspostClient, type AuspostCredentials } from "./client";
import { type AuspostResult, parseAuspostResult } from "./parse";
import { auspostCarrier } from "@/lib/carriers/auspost/descriptor";

export interface AuspostAdapterOptions extends CarrierClientOptions {
  /** Server-wide API key, password and account number, used when a tracking has no courier connection. */
  apiKey?: string;
  password?: string;
  accountNumber?: string;
}

function resultOf(result: AuspostResult | undefined): TrackResult {
  if (!result) return { kind: "not_found", message: "Australia Post did not answer for this tracking ID" };
  return parseAuspostResult(result);
}

function credentialsOf(request: TrackRequest, options: AuspostAdapterOptions): AuspostCredentials {
  return {
    apiKey: requiredCredential("Australia Post", request, "apiKey", options.apiKey),
    password: requiredCredential("Australia Post", request, "password", options.password),
    accountNumber: requiredCredential("Australia Post", request, "accountNumber", options.accountNumber),
  };
}

export function createAuspostAdapter(options: AuspostAdapterOptions = {}): CarrierAdapter {
  const client = new AuspostClient(options);
  return {
    slugs: auspostCarrier.slugs,
    batchSize: auspostCarrier.batchSize,
    hasServerCredentials: Boolean(options.apiKey && options.password && options.accountNumber),
    // No token endpoint: one lookup answers 401 (or 403 for a foreign account number) for credentials it refuses.
    async testCredentials(credentials) {
      await client.track(["AB000000000AU"], {
        apiKey: connectionCredential("Australia Post", credentials, "apiKey"),
        password: connectionCredential("Australia Post", credentials, "password"),
        accountNumber: connectionCredential("Australia Post", credentials, "accountNumber"),
      });
    },
    async track(requests) {
      // One call per credential and ten ids: a poll batch may mix trackings of several connections.
      const groups = new Map<string, { credentials: AuspostCredentials; requests: TrackRequest[] }>();
      for (const request of requests) {
        const credentials = credentialsOf(request, options);
        const key = credentialKey(credentials.apiKey, credentials.password, credentials.accountNumber);
        const group = groups.get(key) ?? { credentials, requests: [] };
        group.requests.push(request);
        groups.set(key, group);
      }
      const calls = [...groups.values()].flatMap(({ credentials, requests: all }) =>
        Array.from({ length: Math.ceil(all.length / auspostCarrier.batchSize) }, (_, index) => ({
          credentials,
          group: all.slice(index * auspostCarrier.batchSize, (index + 1) * auspostCarrier.batchSize),
        })),
      );
      const answered = await mapWithConcurrency(calls, 2, async ({ credentials, group }) => {
        const results = await client.track(
          group.map((request) => request.trackingNumber),
          credentials,
        );
        return group.map((request): [string, TrackResult] => [request.id, resultOf(results.get(request.trackingNumber.toUpperCase()))]);
      });
      return new Map(answered.flat());
    },
  };
}
