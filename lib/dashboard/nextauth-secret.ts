import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { env } from "@/lib/env";
import { log } from "@/lib/observability/log";

const SECRET_FILE = "nextauth.secret";
let cached: string | undefined;

function readSecretFile(file: string): string | undefined {
  try {
    return readFileSync(file, "utf8").trim() || undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

/**
 * The key that signs and encrypts dashboard sessions: NEXTAUTH_SECRET when set, else a random one
 * generated on first use and kept in the data directory, so sessions survive a restart.
 */
export function nextAuthSecret(): string {
  if (cached) return cached;
  const { NEXTAUTH_SECRET, WAYBILL_DATA_DIR, DATABASE_URL } = env();
  if (NEXTAUTH_SECRET) return (cached = NEXTAUTH_SECRET);
  const file = path.resolve(WAYBILL_DATA_DIR, SECRET_FILE);
  let secret = readSecretFile(file);
  if (!secret) {
    mkdirSync(path.dirname(file), { recursive: true });
    try {
      writeFileSync(file, randomBytes(32).toString("base64url"), { mode: 0o600, flag: "wx" });
    } catch (error) {
      // Another worker wrote it first: use theirs.
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    if (DATABASE_URL) {
      log().warn(
        { event: "session_secret_generated", file },
        "Waybill: generated the session secret. Servers sharing this database need the same one: set NEXTAUTH_SECRET.",
      );
    }
    secret = readSecretFile(file);
  }
  if (!secret) throw new Error(`Could not read the session secret from ${file}`);
  return (cached = secret);
}

/** Tests point WAYBILL_DATA_DIR elsewhere between cases. */
export function resetNextAuthSecretForTests(): void {
  cached = undefined;
}
