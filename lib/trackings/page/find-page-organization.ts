import { and, eq, getTableColumns, isNotNull, or, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { prepared } from "@/db/prepared";
import { type Organization, organizationLogos, organizations } from "@/db/schema";

/** An organisation as its tracking page needs it: with when its logo last changed (null: none). */
export type PageOrganization = Organization & { logoUpdatedAt: Date | null };

const withLogo = { ...getTableColumns(organizations), logoUpdatedAt: organizationLogos.updatedAt };

// Every page view starts here: prepared once per database, one round trip with the logo's stamp.
const byHandleOrId = (db: Database) =>
  prepared(db, "page-organization", () =>
    db
      .select(withLogo)
      .from(organizations)
      .leftJoin(organizationLogos, eq(organizationLogos.organizationId, organizations.id))
      .where(or(eq(organizations.handle, sql.placeholder("handle")), eq(organizations.id, sql.placeholder("id"))))
      .limit(2)
      .prepare("page_organization"),
  );

/** The organisation a `/t/<handle>` page belongs to: by its handle, or by its id (links made before it had one). */
export async function findPageOrganization(db: Database, handleOrId: string): Promise<PageOrganization | null> {
  const handle = handleOrId.trim().toLowerCase();
  if (!handle) return null;
  const rows = await byHandleOrId(db).execute({ handle, id: handleOrId });
  return rows.find((row) => row.handle === handle) ?? rows[0] ?? null;
}

/** The organisation whose own domain this is (`track.example.com`, proven), for its page at `/`. */
export async function findOrganizationByDomain(db: Database, host: string | null): Promise<PageOrganization | null> {
  const domain = host?.trim().toLowerCase().replace(/:\d+$/, "");
  if (!domain) return null;
  const [row] = await db
    .select(withLogo)
    .from(organizations)
    .leftJoin(organizationLogos, eq(organizationLogos.organizationId, organizations.id))
    .where(and(eq(organizations.customDomain, domain), isNotNull(organizations.customDomainVerifiedAt)))
    .limit(1);
  return row ?? null;
}
