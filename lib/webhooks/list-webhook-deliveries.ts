import { and, desc, eq, lt } from "drizzle-orm";
import { z } from "zod";
import type { Executor } from "@/db/client";
import { type WebhookDelivery, webhookDeliveries, type WebhookDeliveryStatus } from "@/db/schema";
import { InvalidError } from "@/lib/domain-errors";

export interface WebhookDeliveryFilter {
  endpointId?: string;
  status?: WebhookDeliveryStatus;
  trackingId?: string;
}

export interface WebhookDeliveryPage {
  deliveries: WebhookDelivery[];
  /** Pass back as `cursor` for the next (older) page; null on the last one. */
  nextCursor: string | null;
}

const listQuery = z.object({
  endpointId: z.string().min(1).optional(),
  status: z.enum(["pending", "delivered", "failed"] satisfies WebhookDeliveryStatus[]).optional(),
  trackingId: z.string().min(1).optional(),
  cursor: z.string().min(1).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});

/** The dashboard's query string: endpointId, status, trackingId, cursor, limit (25, at most 100). */
export function parseWebhookDeliveryQuery(query: URLSearchParams): { filter: WebhookDeliveryFilter; paging: { cursor?: string; limit: number } } {
  const parsed = listQuery.safeParse(Object.fromEntries(query));
  if (!parsed.success)
    throw new InvalidError(parsed.error.issues[0]!.path.join("."), "invalid", `${parsed.error.issues[0]!.path.join(".")}: ${parsed.error.issues[0]!.message}`);
  const { cursor, limit, ...filter } = parsed.data;
  return { filter, paging: { cursor, limit } };
}

/** The delivery log, newest first; ids are time-ordered, so the last id is the cursor. */
export async function listWebhookDeliveries(
  db: Executor,
  organizationId: string,
  filter: WebhookDeliveryFilter,
  paging: { cursor?: string; limit: number },
): Promise<WebhookDeliveryPage> {
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.organizationId, organizationId),
        filter.endpointId ? eq(webhookDeliveries.endpointId, filter.endpointId) : undefined,
        filter.status ? eq(webhookDeliveries.status, filter.status) : undefined,
        filter.trackingId ? eq(webhookDeliveries.trackingId, filter.trackingId) : undefined,
        paging.cursor ? lt(webhookDeliveries.id, paging.cursor) : undefined,
      ),
    )
    .orderBy(desc(webhookDeliveries.id))
    .limit(paging.limit + 1);
  const deliveries = rows.slice(0, paging.limit);
  return { deliveries, nextCursor: rows.length > paging.limit ? deliveries[deliveries.length - 1]!.id : null };
}
