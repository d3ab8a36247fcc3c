import type { Store, StoreBackfill, StorePlatform } from "@/db/schema";
import type { ImportRun } from "@/lib/imports/aftership-import";
import { storeCallbackUrl } from "@/lib/stores/connect-store";

/** A connected store as Settings → Stores shows it: no credentials. */
export interface StoreView {
  id: string;
  platform: StorePlatform;
  shop: string;
  setTrackingUrl: boolean;
  completeOnDelivery: boolean;
  backfill: StoreBackfill | null;
  /** Where the store's webhooks arrive. */
  webhookUrl: string;
  createdAt: string;
}

export function storeView(store: Store): StoreView {
  return {
    id: store.id,
    platform: store.platform,
    shop: store.shop,
    setTrackingUrl: Boolean(store.settings.setTrackingUrl),
    completeOnDelivery: Boolean(store.settings.completeOnDelivery),
    backfill: store.backfill,
    webhookUrl: storeCallbackUrl(store),
    createdAt: store.createdAt.toISOString(),
  };
}

/** An import as Settings → Import from AfterShip shows it: its progress and summary, no key. */
export interface ImportView {
  id: string;
  status: ImportRun["status"];
  since: string | null;
  imported: number;
  updated: number;
  skipped: number;
  skipReasons: Record<string, number>;
  error: string | null;
  createdAt: string;
  finishedAt: string | null;
}

export function importView(run: ImportRun): ImportView {
  return {
    id: run.id,
    status: run.status,
    since: run.since,
    imported: run.imported,
    updated: run.updated,
    skipped: run.skipped,
    skipReasons: run.skipReasons,
    error: run.error,
    createdAt: run.createdAt.toISOString(),
    finishedAt: run.finishedAt?.toISOString() ?? null,
  };
}
