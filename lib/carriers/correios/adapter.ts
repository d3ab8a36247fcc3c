import { type CarrierClientOptions } from "@/lib/carriers/carrier-client";
import { connectionCredential, requiredCredential } from "@/lib/carriers/connection-credentials";
import { mapWithConcurrency } from "@/lib/carriers/http-client";
import { credentialKey } from "@/lib/carriers/oauth-token-cache";
import { type CarrierAdapter, type TrackRequest, type TrackResult } from "@/lib/carriers/types";
import { CorreiosClient, type CorreiosCredentials } from "./client";
import { type CorreiosObject, parseCorreiosObject } from "./parse";
import { correiosCarrier } from "@/lib/carriers/correios/descriptor";

export interface CorreiosAdapterOptions extends CarrierClientOptions {
  /** Server-wide idCorreios user, access code and posting card, used when a tracking has no courier connection. */
  username?: string;
  accessCode?: string;
  postingCard?: string;
}

function resultOf(item: CorreiosObject | undefined): TrackResult {
  if (!item) return { kind: "not_found", message: "Correios did not answer for this number" };
  if (item.eventos?.length) return parseCorreiosObject(item);
  // "SRO-020: Objeto não encontrado na base de dados dos Correios." and the like: nothing to show yet.
  return { kind: "not_found", message: item.mensagem ?? "No events yet" };
}

/** Connection fields: `username`, `password` (the API access code) and `account_number` (the posting card). */
function connectionCredentials(credentials: Record<string, string>): CorreiosCredentials {
  return {
    username: connectionCredential("Correios", credentials, "username"),
    accessCode: connectionCredential("Correios", credentials, "password"),
    postingCard: connectionCredential("Correios", credentials, "accountNumber"),
  };
}

function chunks<T>(items: T[], size: number): T[][] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, index) => items.slice(index * size, (index + 1) * size));
}

export function createCorreiosAdapter(options: CorreiosAdapterOptions = {}): CarrierAdapter {
  const client = new CorreiosClient(options);
  const credentialsOf = (request: TrackRequest): CorreiosCredentials => ({
    username: requiredCredential("Correios", request, "username", options.username),
    accessCode: requiredCredential("Correios", request, "password", options.accessCode),
    postingCard: requiredCredential("Correios", request, "accountNumber", options.postingCard),
  });
  return {
    slugs: correiosCarrier.slugs,
    batchSize: correiosCarrier.batchSize,
    hasServerCredentials: Boolean(options.username && options.accessCode && options.postingCard),
    async testCredentials(credentials) {
      await client.checkCredentials(connectionCredentials(credentials));
    },
    async track(requests) {
      // One token and calls of 50 distinct numbers per connection: a poll batch may mix several connections.
      const groups = new Map<string, { credentials: CorreiosCredentials; numbers: Set<string> }>();
      const answerKeys = new Map<string, string>();
      for (const request of requests) {
        const credentials = credentialsOf(request);
        const group = credentialKey(credentials.username, credentials.accessCode, credentials.postingCard);
        const number = request.trackingNumber.trim().toUpperCase();
        if (!groups.has(group)) groups.set(group, { credentials, numbers: new Set() });
        groups.get(group)!.numbers.add(number);
        answerKeys.set(request.id, `${group} ${number}`);
      }
      const calls = [...groups].flatMap(([group, { credentials, numbers }]) =>
        chunks([...numbers], correiosCarrier.batchSize).map((batch) => ({ group, credentials, numbers: batch })),
      );
      const answered = await mapWithConcurrency(calls, 2, async ({ group, credentials, numbers }) => {
        const items = await client.track(numbers, credentials);
        return numbers.map((number) => [`${group} ${number}`, items.get(number)] as const);
      });
      const items = new Map<string, CorreiosObject | undefined>(answered.flat());
      return new Map(requests.map((request) => [request.id, resultOf(items.get(answerKeys.get(request.id)!))]));
    },
  };
}
