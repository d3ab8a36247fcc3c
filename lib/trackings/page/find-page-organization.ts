import { eq, or } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { type Organization, organizations } from "@/db/schema";

/** The organisation a `/t/<handle>` page belongs to: by its handle, or by its id (links made before it had one). */
export async function findPageOrganization(db: Executor, handleOrId: string): Promise<Organization | null> {
  const key = handleOrId.trim().toLowerCase();
  if (!key) return null;
  const rows = await db
    .select()
    .from(organizations)
    .where(or(eq(organizations.handle, key), eq(organizations.id, handleOrId)))
    .limit(2);
  return rows.find((row) => row.handle === key) ?? rows[0] ?? null;
}

/** The organisation whose own domain this is (`track.example.com`), for its page at `/`. */
export async function findOrganizationByDomain(db: Executor, host: string | null): Promise<Organization | null> {
  const domain = host?.trim().toLowerCase().replace(/:\d+$/, "");
  if (!domain) return null;
  const [row] = await db.select().from(organizations).where(eq(organizations.customDomain, domain)).limit(1);
  return row ?? null;
}
