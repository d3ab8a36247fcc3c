import { eq } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { organizations } from "@/db/schema";

/** The merchant's rule: a delivery rated 1 or 2 puts its tracking in the needs-attention queue. */
export async function setLowRatingRule(db: Executor, organizationId: string, on: boolean): Promise<void> {
  await db.update(organizations).set({ attentionOnLowRating: on, updatedAt: new Date() }).where(eq(organizations.id, organizationId));
}
