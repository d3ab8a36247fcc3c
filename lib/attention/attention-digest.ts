import type { Executor } from "@/db/client";
import { listMembers } from "@/lib/accounts/list-members";
import { publicBaseUrl } from "@/lib/http/public-address";
import { listAttentionQueue, type QueueEntry } from "./attention-queue";
import { ATTENTION_REASON_TEXT, type AttentionReason } from "./reason-text";

/** A reason mid-sentence: the queue's words, lower-cased. */
const reasonWords = (reason: string) => {
  const text = ATTENTION_REASON_TEXT[reason as AttentionReason] ?? reason;
  return text.charAt(0).toLowerCase() + text.slice(1);
};

const SHOWN = 20;

export interface AttentionDigest {
  to: string[];
  subject: string;
  text: string;
}

function lineOf(entry: QueueEntry, dashboard: string): string {
  const reasons = entry.flags.map((flag) => `${reasonWords(flag.reason)} (since ${flag.since})`).join("; ");
  return `- ${entry.title && entry.title !== entry.trackingNumber ? `${entry.title}, ` : ""}${entry.trackingNumber}: ${reasons}\n  ${dashboard}/trackings/${entry.trackingId}`;
}

/**
 * The daily e-mail to an organisation's admins about the shipments that need attention, or null
 * when none do (nobody is mailed to hear that all is well).
 */
export async function composeAttentionDigest(db: Executor, organizationId: string, organizationName: string, now: Date): Promise<AttentionDigest | null> {
  const queue = await listAttentionQueue(db, organizationId, now);
  if (queue.length === 0) return null;
  const admins = (await listMembers(db, organizationId)).filter((member) => member.role === "admin").map((member) => member.email);
  if (admins.length === 0) return null;
  const dashboard = publicBaseUrl();
  const counts = new Map<string, number>();
  for (const entry of queue) for (const flag of entry.flags) counts.set(flag.reason, (counts.get(flag.reason) ?? 0) + 1);
  const text = [
    `${queue.length} shipment${queue.length === 1 ? "" : "s"} of ${organizationName} need${queue.length === 1 ? "s" : ""} attention:`,
    ...[...counts].map(([reason, count]) => `  ${count} × ${reasonWords(reason)}`),
    "",
    ...queue.slice(0, SHOWN).map((entry) => lineOf(entry, dashboard)),
    ...(queue.length > SHOWN ? [`… and ${queue.length - SHOWN} more.`] : []),
    "",
    `The whole queue: ${dashboard}/trackings/attention`,
    "",
  ].join("\n");
  return { to: admins, subject: `${queue.length} shipment${queue.length === 1 ? "" : "s"} need${queue.length === 1 ? "s" : ""} attention`, text };
}
