import { and, desc, eq, inArray, or } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { type Tracking, trackings } from "@/db/schema";
import { NotFoundError } from "@/lib/domain-errors";
import { getTrackingOrThrow } from "@/lib/trackings/get-tracking-or-throw";
import type { TrackingRecord } from "@/lib/trackings/tracking-record";
import { orderKeyOf, orderTrackings, preparingItems as loadPreparing } from "./order-page";
import { orderPageToken, type PageTokenKind, readTrackingPageToken, trackingPageToken } from "./token";

/** What a shopper types: a tracking number alone, or an order number with the order's e-mail address or postal code. */
export type PageLookup = { kind: "number"; trackingNumber: string } | { kind: "order"; orderNumber: string; contact: string };

const MAX_INPUT = 100;
const clean = (value: string) => value.trim().slice(0, MAX_INPUT);
const compact = (value: string) => value.replace(/\s+/g, "").toUpperCase();

/** Whether the e-mail address or postal code the shopper gave is the order's. */
function contactMatches(tracking: Tracking, contact: string): boolean {
  const given = clean(contact).toLowerCase();
  if (!given) return false;
  if (given.includes("@")) {
    const emails = [...tracking.emails, ...tracking.customers.map((customer) => customer.email ?? "")];
    return emails.some((email) => email.trim().toLowerCase() === given);
  }
  return [tracking.destinationPostalCode, tracking.trackingPostalCode].some((code) => code && compact(code) === compact(given));
}

/**
 * The page a lookup opens (its path under `/t/<handle>/`), or null. A number alone opens one
 * parcel's public view (no personal data; the newest tracking of that number); an order number with
 * its e-mail or postal code opens the order: all its parcels, or the one's full view when it has one.
 */
export async function lookUpTracking(db: Executor, organizationId: string, lookup: PageLookup): Promise<string | null> {
  if (lookup.kind === "number") {
    const number = clean(lookup.trackingNumber);
    if (!number) return null;
    const [row] = await db
      .select({ id: trackings.id })
      .from(trackings)
      .where(and(eq(trackings.organizationId, organizationId), inArray(trackings.trackingNumber, [...new Set([number, number.toUpperCase()])])))
      .orderBy(desc(trackings.createdAt))
      .limit(1);
    return row ? trackingPageToken(organizationId, row.id, "public") : null;
  }
  const order = clean(lookup.orderNumber);
  if (!order) return null;
  const rows = await db
    .select()
    .from(trackings)
    .where(and(eq(trackings.organizationId, organizationId), or(eq(trackings.orderNumber, order), eq(trackings.orderId, order))))
    .orderBy(desc(trackings.createdAt))
    .limit(20);
  const match = rows.find((row) => contactMatches(row, lookup.contact));
  if (!match) return null;
  const orderKey = orderKeyOf(match)!;
  const whole = rows.length > 1 ? rows : await orderTrackings(db, organizationId, orderKey);
  const alone = whole.length === 1 && (await loadPreparing(db, organizationId, orderKey, whole)).length === 0;
  return alone ? trackingPageToken(organizationId, match.id, "full") : `order/${orderPageToken(organizationId, orderKey)}`;
}

/** The tracking a page token opens, with how much of it to show; null for a token that opens nothing. */
export async function loadPageTracking(db: Executor, organizationId: string, token: string): Promise<{ record: TrackingRecord; kind: PageTokenKind } | null> {
  const opened = readTrackingPageToken(organizationId, token);
  if (!opened) return null;
  try {
    // The API's read by id: prepared statements for the tracking and its checkpoints.
    return { record: await getTrackingOrThrow(db, organizationId, { id: opened.trackingId }), kind: opened.kind };
  } catch (error) {
    if (error instanceof NotFoundError) return null;
    throw error;
  }
}
