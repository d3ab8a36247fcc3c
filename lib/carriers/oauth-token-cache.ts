import { createHash } from "node:crypto";
import { LRUCache } from "lru-cache";
import { CarrierError } from "@/lib/carriers/types";

export interface AccessToken {
  value: string;
  /** Epoch milliseconds after which the carrier no longer accepts it. */
  expiresAtMs: number;
}

/** Reads `expires_in`, which carriers send as a number (FedEx) or a string (UPS, USPS). */
export function expiresInSeconds(value: unknown, fallbackSeconds: number): number {
  const seconds = typeof value === "string" || typeof value === "number" ? Number(value) : Number.NaN;
  return Number.isFinite(seconds) && seconds > 0 ? seconds : fallbackSeconds;
}

/**
 * The cache key of a credential: a hash of every part of it (base URL, client id and secret), so a
 * connection that shares someone's client id but not their secret never rides on their token.
 */
export function credentialKey(...parts: Array<string | undefined>): string {
  return createHash("sha256")
    .update(parts.map((part) => part ?? "").join("\u0000"))
    .digest("base64url");
}

/**
 * OAuth client-credential tokens per connection, reused until shortly before they expire:
 * carriers throttle their token endpoints and count token calls against quotas.
 */
export class OAuthTokenCache {
  // Bounded: one entry per credential in use; the least recently used go first.
  private readonly tokens = new LRUCache<string, AccessToken & { refreshAtMs: number }>({ max: 10_000 });
  private readonly pending = new Map<string, Promise<AccessToken>>();

  constructor(private readonly clock: () => number = Date.now) {}

  /** The cached token for `key`, or a new one from `fetchToken` (one request for concurrent callers). */
  async get(key: string, fetchToken: () => Promise<AccessToken>): Promise<string> {
    const cached = this.tokens.get(key);
    if (cached && cached.refreshAtMs > this.clock()) return cached.value;
    let inFlight = this.pending.get(key);
    if (!inFlight) {
      inFlight = fetchToken().finally(() => this.pending.delete(key));
      this.pending.set(key, inFlight);
    }
    const token = await inFlight;
    // Refresh a little early (a tenth of the lifetime, at most five minutes) so no call races the expiry.
    const marginMs = Math.min(300_000, Math.max(0, (token.expiresAtMs - this.clock()) / 10));
    this.tokens.set(key, { ...token, refreshAtMs: token.expiresAtMs - marginMs });
    return token.value;
  }

  /** Forgets `token` after the carrier refused it, unless a newer one already replaced it. */
  invalidate(key: string, token: string): void {
    if (this.tokens.get(key)?.value === token) this.tokens.delete(key);
  }

  /**
   * Runs `call` with a token; when the carrier answers 401 (token revoked or expired early),
   * fetches a new token and tries once more before reporting an auth failure.
   */
  async withToken<R extends { status: number }>(key: string, fetchToken: () => Promise<AccessToken>, call: (token: string) => Promise<R>): Promise<R> {
    const token = await this.get(key, fetchToken);
    const first = await call(token);
    if (first.status !== 401) return first;
    this.invalidate(key, token);
    const second = await call(await this.get(key, fetchToken));
    if (second.status === 401) throw new CarrierError("auth", "the carrier refused a freshly issued access token");
    return second;
  }
}
