import { eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { memberships, users, type Organization } from "@/db/schema";
import { newId } from "@/lib/ids";
import { createApiKey } from "./create-api-key";
import { createOrganization } from "./create-organization";
import { assertPasswordAcceptable, hashPassword } from "./hash-password";
import { normalizeEmail } from "./user-email";

export interface CreatedOrganization {
  organization: Organization;
  /** The organisation's first API key, in plaintext this once. */
  apiKey: string;
  admin: { email: string; newAccount: boolean };
}

/**
 * An operator's new organisation: its first admin and its first API key. An e-mail that already has
 * an account becomes an admin of this organisation too (its password stays as it is).
 */
export async function createOrganizationWithAdmin(
  db: Database,
  input: { name: string; adminEmail: string; adminPassword: string },
): Promise<CreatedOrganization> {
  const email = normalizeEmail(input.adminEmail);
  assertPasswordAcceptable(input.adminPassword);
  const passwordHash = await hashPassword(input.adminPassword);
  return db.transaction(async (tx) => {
    const organization = await createOrganization(tx, { name: input.name.trim() });
    const { key } = await createApiKey(tx, organization.id, "Default");
    const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
    const userId = existing?.id ?? newId();
    if (!existing) await tx.insert(users).values({ id: userId, email, passwordHash });
    await tx.insert(memberships).values({ userId, organizationId: organization.id, role: "admin" });
    return { organization, apiKey: key, admin: { email, newAccount: !existing } };
  });
}
