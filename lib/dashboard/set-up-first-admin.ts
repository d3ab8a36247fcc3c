import { z } from "zod";
import type { Database } from "@/db/client";
import { bootstrapDemoOrganization } from "@/lib/accounts/bootstrap";
import { createFirstAdmin } from "@/lib/accounts/create-first-admin";
import { ApiError } from "@/lib/api/errors";

export const FirstAdminBody = z.object({
  name: z.string().max(200).optional(),
  email: z.email("Enter an e-mail address."),
  password: z.string(),
});

/** The sign-in page's "create the first admin": allowed only while nobody has an account. */
export async function setUpFirstAdmin(db: Database, input: z.output<typeof FirstAdminBody>): Promise<{ email: string }> {
  const { organizationId } = await bootstrapDemoOrganization(db);
  const admin = await createFirstAdmin(db, { organizationId, ...input });
  if (!admin) throw new ApiError(409, "The first admin already exists: sign in, or ask them to add you.");
  return { email: admin.email };
}
