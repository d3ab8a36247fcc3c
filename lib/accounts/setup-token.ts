import { createHash, randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { setupTokens } from "@/db/schema";

const hashToken = (token: string) => createHash("sha256").update(token, "utf8").digest("hex");

/**
 * A new one-time setup token, stored as a hash. Each start without any account issues one, so the
 * token an operator reads in the newest log works; every token dies with the first admin.
 */
export async function issueSetupToken(db: Executor): Promise<string> {
  const token = `wbs_${randomBytes(24).toString("base64url")}`;
  await db.insert(setupTokens).values({ tokenHash: hashToken(token) });
  return token;
}

/** Whether the token is one the server issued and nobody has used yet. */
export async function isSetupTokenValid(db: Executor, token: string): Promise<boolean> {
  if (!token) return false;
  const [row] = await db
    .select({ tokenHash: setupTokens.tokenHash })
    .from(setupTokens)
    .where(eq(setupTokens.tokenHash, hashToken(token)))
    .limit(1);
  return Boolean(row);
}

/** Every token is spent once the first admin exists. */
export async function deleteSetupTokens(db: Executor): Promise<void> {
  await db.delete(setupTokens);
}
