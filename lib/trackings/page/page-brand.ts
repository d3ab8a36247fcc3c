import { eq } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { organizationLogos, type TrackingPageSettings } from "@/db/schema";
import type { PageOrganization } from "./find-page-organization";
import { pageHandleOf, rememberPageHandle } from "./links";

/** What the page frame shows of the merchant. */
export interface PageBrand {
  name: string;
  /** The path segment of its pages: the handle, else the id. */
  handle: string;
  settings: TrackingPageSettings;
  /** The logo's address on this server (versioned, so a new one shows at once), or null. */
  logoUrl: string | null;
}

export function pageBrand(organization: PageOrganization): PageBrand {
  rememberPageHandle(organization);
  const handle = pageHandleOf(organization.id);
  return {
    name: organization.name,
    handle,
    settings: organization.trackingPage,
    logoUrl: organization.logoUpdatedAt ? `/t/${encodeURIComponent(handle)}/logo?v=${organization.logoUpdatedAt.getTime()}` : null,
  };
}

/** The organisation's logo, or null. */
export async function loadLogo(db: Executor, organizationId: string): Promise<{ contentType: string; bytes: Buffer } | null> {
  const [logo] = await db.select().from(organizationLogos).where(eq(organizationLogos.organizationId, organizationId)).limit(1);
  return logo ? { contentType: logo.contentType, bytes: Buffer.from(logo.data, "base64") } : null;
}
