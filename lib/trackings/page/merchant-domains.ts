import { LRUCache } from "lru-cache";
import { getDb } from "@/db/client";
import { findOrganizationByDomain } from "./find-page-organization";

// Asked for every request to a host outside ALLOWED_HOSTS: a minute's answer spares the database.
const known = new LRUCache<string, boolean>({ max: 10_000, ttl: 60_000 });

/** Whether `host` is an organisation's own tracking-page domain (so the server answers for it). */
export async function isMerchantDomain(host: string): Promise<boolean> {
  const cached = known.get(host);
  if (cached !== undefined) return cached;
  const found = Boolean(await findOrganizationByDomain(await getDb(), host));
  known.set(host, found);
  return found;
}
