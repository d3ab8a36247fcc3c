import { and, eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { attentionFlags, deliveryFeedback, organizations, trackings, type DeliveryFeedback } from "@/db/schema";
import { InvalidError, NotAllowedError, NotFoundError } from "@/lib/domain-errors";
import { recordChange } from "../changes/record-changes";
import { withCheckpoints } from "../tracking-record";

/** An answer can be changed this long after it was first given. */
export const FEEDBACK_CHANGEABLE_DAYS = 14;
export const MAX_FEEDBACK_COMMENT = 1_000;
/** Ratings that put the tracking in the needs-attention queue, when the merchant's rule is on. */
export const LOW_RATING = 2;

/** Until when an answer first given at `createdAt` can be changed. */
export const changeableUntil = (createdAt: Date) => new Date(createdAt.getTime() + FEEDBACK_CHANGEABLE_DAYS * 86_400_000);

function cleanComment(comment: string | null | undefined): string | null {
  // Control characters other than line breaks have no place in a comment.
  const text = (comment ?? "").replace(/[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f]/g, "").trim();
  if (text.length > MAX_FEEDBACK_COMMENT) throw new InvalidError("comment", "invalid", `A comment has at most ${MAX_FEEDBACK_COMMENT} characters.`);
  return text || null;
}

/**
 * The shopper's answer to "How was your delivery?" for one delivered tracking: one per tracking,
 * changeable for 14 days. A rating of 1 or 2 flags the tracking for attention when the merchant
 * asked for that (with the change recorded, as any flag is).
 */
export async function giveFeedback(
  db: Database,
  organizationId: string,
  trackingId: string,
  input: { rating: unknown; comment?: string | null },
  now: Date,
): Promise<DeliveryFeedback> {
  const rating = Number(input.rating);
  if (!Number.isInteger(rating) || rating < 1 || rating > 5) throw new InvalidError("rating", "invalid", "Choose a rating from 1 to 5.");
  const comment = cleanComment(input.comment);
  return db.transaction(async (tx) => {
    const [tracking] = await tx
      .select()
      .from(trackings)
      .where(and(eq(trackings.organizationId, organizationId), eq(trackings.id, trackingId)))
      .for("update");
    if (!tracking) throw new NotFoundError("tracking", "Tracking does not exist.");
    if (tracking.tag !== "Delivered") throw new NotAllowedError("feedback", "A delivery can be rated once it is delivered.");
    const [earlier] = await tx
      .select()
      .from(deliveryFeedback)
      .where(and(eq(deliveryFeedback.organizationId, organizationId), eq(deliveryFeedback.trackingId, trackingId)));
    if (earlier && now > changeableUntil(earlier.createdAt)) {
      throw new NotAllowedError("feedback", `An answer can be changed for ${FEEDBACK_CHANGEABLE_DAYS} days after it was given.`);
    }
    const lane = { slug: tracking.slug, origin: tracking.originCountryIso3 ?? "", destination: tracking.destinationCountryIso3 ?? "" };
    const [saved] = await tx
      .insert(deliveryFeedback)
      .values({ organizationId, trackingId, rating, comment, ...lane, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({ target: [deliveryFeedback.organizationId, deliveryFeedback.trackingId], set: { rating, comment, updatedAt: now } })
      .returning();
    const [organization] = await tx.select().from(organizations).where(eq(organizations.id, organizationId));
    if (rating <= LOW_RATING && organization?.attentionOnLowRating) {
      const flagged = await tx
        .insert(attentionFlags)
        .values({ organizationId, trackingId, reason: "low_rating", since: now.toISOString().slice(0, 10), flaggedAt: now })
        .onConflictDoNothing()
        .returning();
      if (flagged.length) {
        const [updated] = await tx
          .update(trackings)
          .set({ needsAttention: true })
          .where(and(eq(trackings.organizationId, organizationId), eq(trackings.id, trackingId)))
          .returning();
        const [record] = await withCheckpoints(tx, [updated!]);
        await recordChange(tx, organizationId, {
          type: "tracking.attention_flagged",
          record: record!,
          occurredAt: now,
          details: { reasons: [{ reason: "low_rating", since: flagged[0]!.since }] },
        });
      }
    }
    return saved!;
  });
}
