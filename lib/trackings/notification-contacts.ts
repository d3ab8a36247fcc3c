import { and, eq } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { trackings, type Tracking } from "@/db/schema";
import { getTrackingRowOrThrow, type TrackingLocator } from "./get-tracking-or-throw";
import { searchTextOf } from "./tracking-patch";
import { assertAtMost, MAX_CONTACTS_PER_KIND, validateEmails, validatePhones } from "./validate-contacts";

export interface NotificationContacts {
  emails: string[];
  smses: string[];
}

export function contactsOf(tracking: Tracking) {
  return { android: tracking.android, emails: tracking.emails, ios: tracking.ios, smses: tracking.smses };
}

export async function getNotificationContacts(db: Executor, organizationId: string, locator: TrackingLocator) {
  return contactsOf(await getTrackingRowOrThrow(db, organizationId, locator));
}

/**
 * Adds or removes contacts. Every value is validated first (an invalid one is refused by name,
 * never dropped); adding beyond three per kind is refused too.
 */
export async function changeNotificationContacts(
  db: Executor,
  organizationId: string,
  locator: TrackingLocator,
  change: { action: "add" | "remove" | "remove-all"; contacts: NotificationContacts },
) {
  const emails = validateEmails(change.contacts.emails);
  const smses = validatePhones(change.contacts.smses);
  return db.transaction(async (tx) => {
    const current = await getTrackingRowOrThrow(tx, organizationId, locator, { forUpdate: true });
    let next: NotificationContacts;
    if (change.action === "remove-all") next = { emails: [], smses: [] };
    else if (change.action === "add") {
      next = {
        emails: [...new Set([...current.emails, ...emails])],
        smses: [...new Set([...current.smses, ...smses])],
      };
      assertAtMost(next.emails, "emails", MAX_CONTACTS_PER_KIND);
      assertAtMost(next.smses, "smses", MAX_CONTACTS_PER_KIND);
    } else {
      const lower = new Set(emails.map((email) => email.toLowerCase()));
      next = {
        emails: current.emails.filter((email) => !lower.has(email.toLowerCase())),
        smses: current.smses.filter((phone) => !smses.includes(phone)),
      };
    }
    const [updated] = await tx
      .update(trackings)
      .set({ ...next, searchText: searchTextOf({ ...current, ...next }), updatedAt: new Date() })
      .where(and(eq(trackings.organizationId, organizationId), eq(trackings.id, current.id)))
      .returning();
    return contactsOf(updated!);
  });
}
