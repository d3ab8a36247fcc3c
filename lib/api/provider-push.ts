import { type RateLimiterAbstract, RateLimiterRes } from "rate-limiter-flexible";
import { getDb } from "@/db/client";
import { clientAddressOf } from "@/lib/http/client-address";
import { sharedRateLimitStore } from "@/lib/rate-limit-store";
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
/** Pushes one address may send per minute: far above what a provider sends, far below a flood of signature checks. */
export const PUSHES_PER_ADDRESS_PER_MINUTE = 600;

let limiter: Promise<RateLimiterAbstract> | undefined;

/** Takes one push from the address's budget (counted in the store every instance shares); the seconds to wait when it is spent. */
async function pushRefusedFor(address: string): Promise<number | null> {
  limiter ??= sharedRateLimitStore().then((store) => store({ points: PUSHES_PER_ADDRESS_PER_MINUTE, durationSeconds: 60, keyPrefix: "wbpush" }));
  try {
    await (await limiter).consume(address, 1);
    return null;
  } catch (rejection) {
    if (!(rejection instanceof RateLimiterRes)) throw rejection;
    return Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
  }
}

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
  const wait = await pushRefusedFor(clientAddressOf(request.headers));
  if (wait !== null)
    return Response.json(
      { error: "Too many pushes from this address." },
      { status: 429, headers: { "retry-after": String(wait), "cache-control": "no-store" } },
    );
  const rawBody = await readCapped(request);
  if (rawBody === null) return answer(413, { error: "The push is larger than 1 MB." });
  const outcome = await receiveProviderPush(await getDb(), entry.provider, entry.push, rawBody, request.headers, new Date());
  if (outcome.kind === "refused") return answer(401, { error: "The push is not signed with a key this server knows." });
  if (outcome.kind === "malformed") return answer(400, { error: `The push is not in the provider's format: ${outcome.reason}` });
  return answer(200, { received: true, trackings: outcome.trackings });
}
