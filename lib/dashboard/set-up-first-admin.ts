import { z } from "zod";
import type { Database } from "@/db/client";
import { bootstrapDemoOrganization } from "@/lib/accounts/bootstrap";
import { createFirstAdmin } from "@/lib/accounts/create-first-admin";
import { hasAnyUser } from "@/lib/accounts/has-any-user";
import { isSetupTokenValid } from "@/lib/accounts/setup-token";
import { ConflictError, NotAllowedError } from "@/lib/domain-errors";

export const FirstAdminBody = z.object({
  name: z.string().max(200).optional(),
  email: z.email("Enter an e-mail address."),
  password: z.string(),
  /** The one-time token the server printed on start ("Setup token: …"). */
  setupToken: z.string().max(200).default(""),
});

const ALREADY_EXISTS = "The first admin already exists: sign in, or ask them to add you.";

/**
 * The sign-in page's "create the first admin": allowed only while nobody has an account, and only
 * to whoever holds a setup token the server printed, so a stranger reaching a fresh install cannot
 * take it over. Once anyone has an account it answers at the cost of one indexed read.
 */
export async function setUpFirstAdmin(db: Database, input: z.output<typeof FirstAdminBody>): Promise<{ email: string }> {
  if (await hasAnyUser(db)) throw new ConflictError("first-admin", ALREADY_EXISTS);
  if (!(await isSetupTokenValid(db, input.setupToken.trim()))) {
    throw new NotAllowedError("set-up", 'Enter the setup token the server printed when it started (the line "Setup token: …").');
  }
  const { organizationId } = await bootstrapDemoOrganization(db);
  const admin = await createFirstAdmin(db, { organizationId, ...input });
  if (!admin) throw new ConflictError("first-admin", ALREADY_EXISTS);
  return { email: admin.email };
}
