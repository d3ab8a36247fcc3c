import { z } from "zod";
import type { Database } from "@/db/client";
import { NotFoundError } from "@/lib/domain-errors";
import { listProviderKeys } from "@/lib/connections/list-provider-keys";
import { removeProviderKey, retestProviderKey, saveProviderKey } from "@/lib/connections/save-provider-key";
import { TRACKING_PROVIDERS, type TrackingProvider } from "@/lib/couriers/providers/provider-codes";
import type { DashboardUser } from "./session";

export const SaveProviderKeyBody = z.object({
  provider: z.enum(TRACKING_PROVIDERS),
  apiKey: z.string().trim().min(8, "Enter the API key.").max(512),
  webhookSecret: z.string().trim().max(512).optional(),
  /** 17TRACK signs pushes with the key: whether its webhook URL is set at 17TRACK. */
  push: z.boolean().optional(),
});

export async function providersOf(db: Database, user: DashboardUser) {
  return { providers: await listProviderKeys(db, user.organization.id) };
}

export async function saveProviderKeyFrom(db: Database, user: DashboardUser, body: z.output<typeof SaveProviderKeyBody>) {
  const credentials: Record<string, string> = { apiKey: body.apiKey };
  if (body.webhookSecret) credentials.webhookSecret = body.webhookSecret;
  if (body.push) credentials.push = "on";
  await saveProviderKey(db, user.organization.id, body.provider, credentials);
  return providersOf(db, user);
}

export async function retestProviderKeyFrom(db: Database, user: DashboardUser, provider: string) {
  if (!(TRACKING_PROVIDERS as readonly string[]).includes(provider)) throw new NotFoundError("tracking-provider", "No such tracking provider.");
  await retestProviderKey(db, user.organization.id, provider as TrackingProvider);
  return providersOf(db, user);
}

export async function removeProviderKeyFrom(db: Database, user: DashboardUser, provider: string) {
  if (!(TRACKING_PROVIDERS as readonly string[]).includes(provider)) throw new NotFoundError("tracking-provider", "No such tracking provider.");
  await removeProviderKey(db, user.organization.id, provider as TrackingProvider);
  return providersOf(db, user);
}
