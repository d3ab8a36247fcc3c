import { getDb, type Database } from "@/db/client";
import { env } from "@/lib/env";
import { missingScaleModeSettings } from "@/lib/scale-mode-settings";
import { secureDataDir } from "@/lib/secure-data-dir";

/** Opens the process's database once the settings allow it: the first step of the server's start. */
export function openDatabaseAtStart(): Promise<Database> {
  const missing = missingScaleModeSettings(env());
  if (missing.length) {
    // Refusing to start beats an instance that silently cannot read the others' data.
    throw new Error(`with DATABASE_URL, every instance needs the same ${missing.join(" and ")}: set ${missing.length > 1 ? "them" : "it"} and start again.`);
  }
  if (!env().DATABASE_URL) secureDataDir(env().WAYBILL_DATA_DIR);
  return getDb();
}
