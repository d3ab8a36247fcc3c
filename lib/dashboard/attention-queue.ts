import { z } from "zod";
import type { Executor } from "@/db/client";
import { getCourier } from "@/lib/couriers/get-courier";
import { listAttentionQueue, noteAttention, resolveAttention, snoozeAttention } from "@/lib/attention/attention-queue";
import { contactCustomer } from "@/lib/attention/contact-customer";
import type { AttentionEntryView } from "./types";

export async function attentionQueueView(db: Executor, organizationId: string, now: Date): Promise<AttentionEntryView[]> {
  const entries = await listAttentionQueue(db, organizationId, now);
  return entries.map((entry) => ({
    trackingId: entry.trackingId,
    trackingNumber: entry.trackingNumber,
    courierName: getCourier(entry.slug)?.name ?? entry.slug,
    tag: entry.tag,
    title: entry.title,
    orderId: entry.orderId,
    flags: entry.flags.map((flag) => ({ reason: flag.reason, since: flag.since, note: flag.note })),
  }));
}

export const attentionAction = z.discriminatedUnion("action", [
  z.object({ action: z.literal("snooze"), days: z.number().int().min(1).max(30) }),
  z.object({ action: z.literal("resolve") }),
  z.object({ action: z.literal("note"), note: z.string().max(1000) }),
  z.object({ action: z.literal("contact") }),
]);

/** One of the queue's buttons: snooze, resolve, note, or contact the customer. */
export async function actOnAttention(
  db: Executor,
  member: { organizationId: string; userId: string },
  trackingId: string,
  now: Date,
  action: z.infer<typeof attentionAction>,
) {
  const { organizationId } = member;
  switch (action.action) {
    case "snooze":
      return snoozeAttention(db, organizationId, trackingId, now, new Date(now.getTime() + action.days * 86_400_000));
    case "resolve":
      return resolveAttention(db, organizationId, trackingId, now);
    case "note":
      return noteAttention(db, organizationId, trackingId, now, action.note);
    case "contact":
      await contactCustomer(db, organizationId, trackingId, member.userId, now);
  }
}
