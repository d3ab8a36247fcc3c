import type { Tracking } from "@/db/schema";

/** Whether a status change of this tracking has anybody to notify. */
export function hasContacts(tracking: Pick<Tracking, "emails" | "smses">): boolean {
  return tracking.emails.length > 0 || tracking.smses.length > 0;
}
