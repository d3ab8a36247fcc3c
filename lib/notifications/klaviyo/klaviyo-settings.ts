import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Database, Executor } from "@/db/client";
import { changePositions, klaviyoIntegrations, type KlaviyoIntegration, type KlaviyoMetricKind } from "@/db/schema";
import { openCredentials, sealCredentials } from "@/lib/connections/credentials-cipher";
import { InvalidError, NotFoundError } from "@/lib/domain-errors";
import { checkKlaviyoKey } from "./klaviyo-client";
import { DEFAULT_METRIC_NAMES, METRIC_KINDS } from "./klaviyo-metrics";
import { klaviyoKeyContext } from "./send-klaviyo-backlog";

const metricNamesSchema = z.object(
  Object.fromEntries(METRIC_KINDS.map((kind) => [kind, z.string().trim().max(128, `The metric name for ${kind} is longer than 128 characters.`).optional()])),
);

export const klaviyoSettingsSchema = z.object({
  /** A Klaviyo private API key (`pk_…`); absent on an update that keeps the saved one. */
  key: z.string().trim().min(10, "Paste the whole private API key (it starts with pk_).").max(200).optional(),
  metricNames: metricNamesSchema.optional(),
  replacesEmail: z.boolean().optional(),
  replacesSms: z.boolean().optional(),
});

export type KlaviyoSettingsInput = z.infer<typeof klaviyoSettingsSchema>;

export async function getKlaviyoIntegration(db: Executor, organizationId: string): Promise<KlaviyoIntegration | undefined> {
  const [row] = await db.select().from(klaviyoIntegrations).where(eq(klaviyoIntegrations.organizationId, organizationId));
  return row;
}

async function lastPosition(db: Executor, organizationId: string): Promise<number> {
  const [row] = await db.select().from(changePositions).where(eq(changePositions.organizationId, organizationId));
  return row?.lastPosition ?? 0;
}

/** Klaviyo must accept the key before it is kept: a refused or unreachable key is the merchant's to fix now. */
async function provenKey(key: string): Promise<void> {
  const outcome = await checkKlaviyoKey(key);
  if (outcome.kind === "ok") return;
  const why =
    outcome.kind === "key_refused"
      ? "Klaviyo refused this key: use a private API key with the Events (write) and Accounts (read) scopes."
      : outcome.kind === "rate_limited"
        ? "Klaviyo asked us to slow down: try again in a minute."
        : `${outcome.message}.`;
  throw new InvalidError("key", "invalid", why);
}

/**
 * Connects Klaviyo or changes its settings. A new key is tested first and sealed; sending starts
 * with the changes after this moment (history is not replayed into flows).
 */
export async function saveKlaviyoSettings(db: Database, organizationId: string, input: KlaviyoSettingsInput, now: Date): Promise<KlaviyoIntegration> {
  const existing = await getKlaviyoIntegration(db, organizationId);
  if (!existing && !input.key) throw new InvalidError("key", "missing", "Paste your Klaviyo private API key to connect.");
  if (input.key) await provenKey(input.key);
  const metricNames = { ...(existing?.metricNames ?? DEFAULT_METRIC_NAMES), ...(input.metricNames as Partial<Record<KlaviyoMetricKind, string>>) };
  const keyFields = input.key
    ? {
        keyCiphertext: sealCredentials({ key: input.key }, klaviyoKeyContext(organizationId)),
        keyHint: input.key.slice(-4),
        status: "connected" as const,
        lastError: null,
        failures: 0,
        pausedUntil: null,
      }
    : {};
  const settings = {
    metricNames,
    ...(input.replacesEmail !== undefined && { replacesEmail: input.replacesEmail }),
    ...(input.replacesSms !== undefined && { replacesSms: input.replacesSms }),
    updatedAt: now,
  };
  if (existing) {
    const [saved] = await db
      .update(klaviyoIntegrations)
      .set({ ...settings, ...keyFields })
      .where(eq(klaviyoIntegrations.organizationId, organizationId))
      .returning();
    return saved!;
  }
  const [created] = await db
    .insert(klaviyoIntegrations)
    .values({ organizationId, ...(keyFields as Required<typeof keyFields>), ...settings, cursor: await lastPosition(db, organizationId) })
    .returning();
  return created!;
}

/**
 * "Test connection": asks Klaviyo about the saved key now. A refusal is kept (sending stops, the page
 * says why); a key that works again resumes sending.
 */
export async function checkSavedKlaviyoKey(db: Executor, organizationId: string, now: Date): Promise<void> {
  const row = await getKlaviyoIntegration(db, organizationId);
  if (!row) throw new NotFoundError("klaviyo", "Klaviyo is not connected.");
  const outcome = await checkKlaviyoKey(openCredentials(row.keyCiphertext, klaviyoKeyContext(organizationId)).key as string);
  const set =
    outcome.kind === "ok"
      ? { status: "connected" as const, lastError: null, failures: 0, pausedUntil: null }
      : outcome.kind === "key_refused"
        ? { status: "key_refused" as const, lastError: outcome.message }
        : { lastError: outcome.kind === "failed" ? outcome.message : "Klaviyo asked us to slow down." };
  await db
    .update(klaviyoIntegrations)
    .set({ ...set, updatedAt: now })
    .where(eq(klaviyoIntegrations.organizationId, organizationId));
}

export async function removeKlaviyo(db: Executor, organizationId: string): Promise<void> {
  const removed = await db.delete(klaviyoIntegrations).where(eq(klaviyoIntegrations.organizationId, organizationId)).returning();
  if (!removed.length) throw new NotFoundError("klaviyo", "Klaviyo is not connected.");
}

/** What the settings page shows: never the key, only its last four characters. */
export async function klaviyoView(db: Executor, organizationId: string) {
  const row = await getKlaviyoIntegration(db, organizationId);
  if (!row) return { connected: false as const, metricNames: DEFAULT_METRIC_NAMES };
  return {
    connected: true as const,
    keyHint: row.keyHint,
    status: row.status,
    lastError: row.lastError,
    pausedUntil: row.pausedUntil?.toISOString() ?? null,
    metricNames: { ...DEFAULT_METRIC_NAMES, ...row.metricNames },
    replacesEmail: row.replacesEmail,
    replacesSms: row.replacesSms,
    sentCount: row.sentCount,
    lastSentAt: row.lastSentAt?.toISOString() ?? null,
    waiting: Math.max(0, (await lastPosition(db, organizationId)) - row.cursor),
  };
}

export type KlaviyoView = Awaited<ReturnType<typeof klaviyoView>>;

/** The channels Klaviyo sends instead of the merchant's templates; a refused key hands them back, so shoppers still hear. */
export async function channelsKlaviyoSends(db: Executor, organizationId: string): Promise<{ email: boolean; sms: boolean }> {
  const row = await getKlaviyoIntegration(db, organizationId);
  const live = row !== undefined && row.status !== "key_refused";
  return { email: live && row.replacesEmail, sms: live && row.replacesSms };
}
