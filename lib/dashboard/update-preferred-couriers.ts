import { eq } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { organizations } from "@/db/schema";
import { forgetAllApiKeys } from "@/lib/accounts/authenticate-api-key";
import { InvalidError, LimitReachedError } from "@/lib/domain-errors";
import { getCourier } from "@/lib/couriers/get-courier";

const MAX_PREFERRED = 100;

/**
 * Saves the organisation's ordered preferred couriers (detection ranks them first and, without a
 * slug, considers only them). Unknown slugs are refused; repeats are dropped.
 */
export async function updatePreferredCouriers(db: Executor, organizationId: string, slugs: string[]): Promise<string[]> {
  const unique = [...new Set(slugs.map((slug) => slug.trim().toLowerCase()))];
  const unknown = unique.filter((slug) => !getCourier(slug));
  if (unknown.length) throw new InvalidError("slugs", "unknown", `Unknown courier: ${unknown.join(", ")}.`);
  if (unique.length > MAX_PREFERRED) throw new LimitReachedError("preferred-couriers", `Choose at most ${MAX_PREFERRED} preferred couriers.`);
  await db.update(organizations).set({ preferredCouriers: unique, updatedAt: new Date() }).where(eq(organizations.id, organizationId));
  // The API caches each key with its organisation: drop them so the new list applies at once.
  forgetAllApiKeys();
  return unique;
}
