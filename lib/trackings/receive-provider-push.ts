import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "@/db/client";
import { trackingProviderConnections, trackings, type Tracking } from "@/db/schema";
import type { ProviderPush, ProviderPushUpdate, TrackResult } from "@/lib/carriers/types";
import { openCredentials } from "@/lib/connections/credentials-cipher";
import { providerCredentialsContext, serverProviderCredentials } from "@/lib/connections/provider-credentials";
import { providerCarrierCode, type TrackingProvider } from "@/lib/couriers/providers/provider-codes";
import { routesOf } from "./poll-route";
import { storePushedAnswers } from "./store-poll-answers";

export type PushOutcome = { kind: "refused" } | { kind: "malformed"; reason: string } | { kind: "stored"; trackings: number; changes: number };

/**
 * Whose key signed the push: the organisations' own keys, and the server's (which speaks for
 * organisations without one). Only the keys of organisations that follow one of the pushed numbers
 * are tried, so a push costs a few signature checks, not one per tenant.
 */
async function signers(
  db: Database,
  provider: TrackingProvider,
  push: ProviderPush,
  rawBody: string,
  headers: Headers,
  candidateOrganizations: string[],
): Promise<{ organizationIds: string[] | "server-default" } | null> {
  const secretOf = (credentials: Record<string, string>) => (provider === "ship24" ? credentials.webhookSecret : credentials.apiKey);
  const rows = candidateOrganizations.length
    ? await db
        .select({ organizationId: trackingProviderConnections.organizationId, sealed: trackingProviderConnections.credentialsCiphertext })
        .from(trackingProviderConnections)
        .where(and(eq(trackingProviderConnections.provider, provider), inArray(trackingProviderConnections.organizationId, candidateOrganizations)))
    : [];
  const organizationIds = rows
    .filter((row) => {
      const secret = secretOf(openCredentials(row.sealed, providerCredentialsContext(row.organizationId, provider)));
      return Boolean(secret) && push.verify(rawBody, headers, secret!);
    })
    .map((row) => row.organizationId);
  if (organizationIds.length) return { organizationIds };
  const server = serverProviderCredentials(provider);
  const secret = server && secretOf(server);
  return secret && push.verify(rawBody, headers, secret) ? { organizationIds: "server-default" } : null;
}

/**
 * A tracking provider's push: verified against the keys that could have signed it, then each
 * update stored for the active trackings of that number (and carrier) through the poll's write
 * path, which also announces them as a poll's changes are.
 */
export async function receiveProviderPush(
  db: Database,
  provider: TrackingProvider,
  push: ProviderPush,
  rawBody: string,
  headers: Headers,
  now: Date,
): Promise<PushOutcome> {
  // Read before it is verified only to learn which numbers (and so whose keys) it concerns.
  let updates: ProviderPushUpdate[] | null = null;
  let unreadable = "";
  try {
    updates = push.parse(rawBody);
  } catch (error) {
    unreadable = error instanceof Error ? error.message.slice(0, 200) : "unreadable body";
  }
  const numbers = (updates ?? []).map((update) => update.trackingNumber);
  const active = numbers.length
    ? await db
        .select()
        .from(trackings)
        .where(and(inArray(trackings.trackingNumber, numbers), eq(trackings.active, true)))
    : [];
  const signed = await signers(db, provider, push, rawBody, headers, [...new Set(active.map((row) => row.organizationId))]);
  if (!signed) return { kind: "refused" };
  if (!updates) return { kind: "malformed", reason: unreadable };
  // A push reaches only trackings that provider follows now: not one polled directly, nor one of another route.
  const decisions = await routesOf(db, active);
  const candidates = active.filter((_, index) => decisions[index]!.route === provider);
  const withKey = new Set(signed.organizationIds === "server-default" ? [] : signed.organizationIds);
  const orgsWithOwnKey =
    signed.organizationIds === "server-default"
      ? new Set(
          (
            await db
              .select({ id: trackingProviderConnections.organizationId })
              .from(trackingProviderConnections)
              .where(eq(trackingProviderConnections.provider, provider))
          ).map((row) => row.id),
        )
      : new Set<string>();
  const byOrganization = new Map<string, { rows: Tracking[]; results: Map<string, TrackResult> }>();
  for (const update of updates) {
    if (update.result.kind === "stopped") continue;
    for (const row of candidates) {
      if (row.trackingNumber !== update.trackingNumber) continue;
      const mine = signed.organizationIds === "server-default" ? !orgsWithOwnKey.has(row.organizationId) : withKey.has(row.organizationId);
      if (!mine) continue;
      const code = providerCarrierCode(provider, row.slug);
      if (update.carrierCode && code && code !== update.carrierCode) continue;
      const entry = byOrganization.get(row.organizationId) ?? { rows: [], results: new Map<string, TrackResult>() };
      entry.rows.push(row);
      entry.results.set(row.id, update.result);
      byOrganization.set(row.organizationId, entry);
    }
  }
  let stored = 0;
  let changed = 0;
  for (const [organizationId, { rows, results }] of byOrganization) {
    const outcome = await storePushedAnswers(db, organizationId, provider, rows, results, now);
    stored += outcome.polled;
    changed += outcome.changes.length;
  }
  return { kind: "stored", trackings: stored, changes: changed };
}
