import { getDb } from "@/db/client";
import { ship24Push } from "@/lib/carriers/ship24/push";
import { track17Push } from "@/lib/carriers/track17/push";
import type { ProviderPush } from "@/lib/carriers/types";
import type { TrackingProvider } from "@/lib/couriers/providers/provider-codes";
import { receiveProviderPush } from "@/lib/trackings/receive-provider-push";

const PUSHES: Partial<Record<string, { provider: TrackingProvider; push: ProviderPush }>> = {
  "17track": { provider: "track17", push: track17Push },
  ship24: { provider: "ship24", push: ship24Push },
};

const MAX_PUSH_BYTES = 1024 * 1024;

const answer = (status: number, body: object) => Response.json(body, { status, headers: { "cache-control": "no-store" } });

/** The body, or null past the cap: counted while it streams, never read whole first. */
async function readCapped(request: Request): Promise<string | null> {
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_PUSH_BYTES) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** `POST /webhooks/providers/<provider>`: a tracking provider's push, answered fast and small. */
export async function handleProviderPush(request: Request, name: string): Promise<Response> {
  const entry = PUSHES[name];
  if (!entry) return answer(404, { error: "No such tracking provider." });
  const rawBody = await readCapped(request);
  if (rawBody === null) return answer(413, { error: "The push is larger than 1 MB." });
  const outcome = await receiveProviderPush(await getDb(), entry.provider, entry.push, rawBody, request.headers, new Date());
  if (outcome.kind === "refused") return answer(401, { error: "The push is not signed with a key this server knows." });
  if (outcome.kind === "malformed") return answer(400, { error: `The push is not in the provider's format: ${outcome.reason}` });
  return answer(200, { received: true, trackings: outcome.trackings });
}
