import { LRUCache } from "lru-cache";
import { getDb } from "@/db/client";
import { findOrganizationByDomain } from "./find-page-organization";

// Asked on every tracking page request (and every request to a host outside ALLOWED_HOSTS): a
// minute's answer spares the database; a domain saved or dropped counts within the minute.
const owners = new LRUCache<string, { organizationId: string | null }>({ max: 10_000, ttl: 60_000 });

/** The organisation whose own tracking-page domain `host` is, or null. */
export async function merchantDomainOwner(host: string): Promise<string | null> {
  const cached = owners.get(host);
  if (cached) return cached.organizationId;
  const organizationId = (await findOrganizationByDomain(await getDb(), host))?.id ?? null;
  owners.set(host, { organizationId });
  return organizationId;
}

/** Whether `host` is an organisation's own tracking-page domain (so the server answers for it). */
export async function isMerchantDomain(host: string): Promise<boolean> {
  return (await merchantDomainOwner(host)) !== null;
}

/** A domain saved, proven or dropped here counts on this instance at once (others within the minute). */
export function forgetMerchantDomain(host: string): void {
  owners.delete(host);
}
