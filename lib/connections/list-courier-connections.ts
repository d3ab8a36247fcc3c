import { and, desc, eq, lt, sql, type SQL } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { courierConnections } from "@/db/schema";
import { InvalidError } from "@/lib/domain-errors";
import { courierConnectionView, type CourierConnectionView } from "./courier-connection-view";

export interface CourierConnectionListRequest {
  courierSlug?: string;
  cursor?: string;
  limit: number;
}

export interface CourierConnectionList {
  connections: CourierConnectionView[];
  total: number;
  hasNextPage: boolean;
  nextCursor: string | null;
}

const ID = /^[0-9a-f]{32}$/;

// Ids are time-ordered, so the last id of a page is the whole (opaque) cursor.
const encodeCursor = (id: string) => Buffer.from(id).toString("base64url");

function decodeCursor(cursor: string): string {
  const id = Buffer.from(cursor, "base64url").toString();
  if (!ID.test(id)) throw new InvalidError("cursor", "invalid", "The value of `cursor` is invalid: pass the `next_cursor` of the previous page.");
  return id;
}

/** The organisation's connections, newest first, optionally of one courier. */
export async function listCourierConnections(db: Executor, organizationId: string, request: CourierConnectionListRequest): Promise<CourierConnectionList> {
  const conditions: SQL[] = [eq(courierConnections.organizationId, organizationId)];
  if (request.courierSlug) conditions.push(eq(courierConnections.courierSlug, request.courierSlug));
  const after = request.cursor ? decodeCursor(request.cursor) : undefined;
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    db
      .select()
      .from(courierConnections)
      .where(and(...conditions, ...(after ? [lt(courierConnections.id, after)] : [])))
      .orderBy(desc(courierConnections.id))
      .limit(request.limit + 1),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(courierConnections)
      .where(and(...conditions)),
  ]);
  const page = rows.slice(0, request.limit);
  const hasNextPage = rows.length > request.limit;
  return {
    connections: page.map(courierConnectionView),
    total,
    hasNextPage,
    nextCursor: hasNextPage ? encodeCursor(page[page.length - 1]!.id) : null,
  };
}
