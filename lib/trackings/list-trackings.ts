import { and, asc, eq, gte, ilike, lte, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Executor } from "@/db/client";
import { isDatabase, prepared } from "@/db/prepared";
import { checkpoints, trackings } from "@/db/schema";
import { InvalidError } from "@/lib/domain-errors";
import { countTrackings } from "./tracking-counts";
import { preparedRecords, type TrackingRecord } from "./tracking-record";

export interface TrackingListFilter {
  keyword?: string;
  trackingNumbers?: string[];
  slugs?: string[];
  tags?: string[];
  origin?: string[];
  destination?: string[];
  courierDestination?: string[];
  createdAtMin?: Date;
  createdAtMax?: Date;
  updatedAtMin?: Date;
  updatedAtMax?: Date;
  returnToSender?: boolean;
  shipmentTags?: string[];
  orderId?: string;
  transitTimeDays?: number;
  /** Only trackings with an open attention flag. */
  needsAttention?: boolean;
}

export type TrackingListPaging = { kind: "page"; page: number; limit: number } | { kind: "cursor"; cursor?: string; limit: number };

export interface TrackingListResult {
  records: TrackingRecord[];
  total: number;
  hasNextPage: boolean;
  nextCursor: string | null;
}

export const DEFAULT_LIST_LIMIT = 100;
export const MAX_LIST_LIMIT = 200;

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/**
 * The filter as SQL with placeholders, its parameters, and its shape (which filters are present):
 * one shape is one prepared statement, so drizzle does not rebuild a wide select per request.
 */
interface CompiledFilter {
  shape: string;
  conditions: SQL[];
  params: Record<string, unknown>;
}

function compileFilter(organizationId: string, filter: TrackingListFilter): CompiledFilter {
  const compiled: CompiledFilter = { shape: "", conditions: [], params: {} };
  // Values go to the driver as they are (dates as ISO text: placeholders skip the column's encoder).
  const add = (name: string, condition: SQL, value: unknown) => {
    compiled.conditions.push(condition);
    compiled.params[name] = value;
    compiled.shape += `${name};`;
  };
  const placeholder = (name: string) => sql.placeholder(name);
  const anyOf = (name: string, column: AnyPgColumn, values: string[] | undefined) => {
    if (!values?.length) return;
    // One value compares with `=`: PostgreSQL walks a (slug, tag, created_at) index in list order
    // for equalities, not for `= any(array)`, which reads and filters the whole window instead.
    if (values.length === 1) add(`${name}=`, eq(column, placeholder(`${name}=`)), values[0]);
    else add(name, sql`${column} = any(${placeholder(name)})`, values);
  };
  add("organizationId", eq(trackings.organizationId, placeholder("organizationId")), organizationId);
  if (filter.keyword) add("keyword", ilike(trackings.searchText, placeholder("keyword")), `%${escapeLike(filter.keyword.toLowerCase())}%`);
  anyOf("trackingNumbers", trackings.trackingNumber, filter.trackingNumbers);
  anyOf("slugs", trackings.slug, filter.slugs);
  anyOf("tags", trackings.tag, filter.tags);
  anyOf("origin", trackings.originCountryIso3, filter.origin);
  anyOf("destination", trackings.destinationCountryIso3, filter.destination);
  anyOf("courierDestination", trackings.courierDestinationCountryIso3, filter.courierDestination);
  if (filter.createdAtMin) add("createdAtMin", gte(trackings.createdAt, placeholder("createdAtMin")), filter.createdAtMin.toISOString());
  if (filter.createdAtMax) add("createdAtMax", lte(trackings.createdAt, placeholder("createdAtMax")), filter.createdAtMax.toISOString());
  if (filter.updatedAtMin) add("updatedAtMin", gte(trackings.updatedAt, placeholder("updatedAtMin")), filter.updatedAtMin.toISOString());
  if (filter.updatedAtMax) add("updatedAtMax", lte(trackings.updatedAt, placeholder("updatedAtMax")), filter.updatedAtMax.toISOString());
  if (filter.returnToSender !== undefined) {
    add("returnToSender", eq(trackings.returnToSender, placeholder("returnToSender")), filter.returnToSender);
  }
  if (filter.shipmentTags?.length) {
    add("shipmentTags", sql`${trackings.shipmentTags} && ${placeholder("shipmentTags")}::text[]`, filter.shipmentTags);
  }
  if (filter.orderId) add("orderId", eq(trackings.orderId, placeholder("orderId")), filter.orderId);
  // A constant condition, so the partial index on flagged trackings serves it.
  if (filter.needsAttention) {
    compiled.conditions.push(eq(trackings.needsAttention, true));
    compiled.shape += "needsAttention;";
  }
  if (filter.transitTimeDays !== undefined) {
    add(
      "transitTimeDays",
      sql`${trackings.pickedUpAt} is not null and floor(extract(epoch from (coalesce(${trackings.deliveredAt}, now()) - ${trackings.pickedUpAt})) / 86400) = ${placeholder("transitTimeDays")}`,
      filter.transitTimeDays,
    );
  }
  return compiled;
}

/** Filters the ledger of counts can total (courier, status, creation window): the rest count the matching rows. */
const LEDGER_SHAPE = /^organizationId;((slugs=?|tags=?|createdAtMin|createdAtMax);)*$/;

/** Opaque cursor over (created_at, id): the last row of the page. */
export function encodeCursor(createdAt: Date, id: string): string {
  return Buffer.from(JSON.stringify([createdAt.toISOString(), id])).toString("base64url");
}

function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  try {
    const [createdAt, id] = JSON.parse(Buffer.from(cursor, "base64url").toString()) as [string, string];
    const date = new Date(createdAt);
    if (typeof id !== "string" || Number.isNaN(date.getTime())) throw new Error("bad cursor");
    return { createdAt: date, id };
  } catch {
    throw new InvalidError("cursor", "invalid", "The value of `cursor` is invalid: pass the `next_cursor` of the previous page.");
  }
}

/** A keyword that matches at most this many rows takes its page from its matches' ids. */
const SPARSE_KEYWORD_MATCHES = 1000;

/**
 * How the page's rows are found:
 * - `walk`: along the list's index, in order, until the page is full (the first page of most filters);
 * - `matches`: a keyword few rows match finds their ids by the trigram index first (an InitPlan runs
 *   once, whatever the plan around it), then the page among them. Otherwise PostgreSQL may walk the
 *   whole list testing every row against the keyword, for a page few rows can fill: 100 ms at 100,000;
 * - `window`: a page deep in the list skips its offset on the index alone, then reads only the page's
 *   rows and their checkpoints, not those of every row it skipped (20 ms for page 50 at 100,000).
 */
type PagePlan = "walk" | "matches" | "window";

const ORDER = [sql`${trackings.createdAt} desc nulls last`, sql`${trackings.id} desc nulls last`];

/** The page's query: its rows come with their checkpoints, in one round trip. */
function pageQuery(db: Executor, compiled: CompiledFilter, withCursor: boolean, plan: PagePlan) {
  const build = () => {
    const where = and(...compiled.conditions);
    const ids =
      plan === "matches"
        ? sql`select ${trackings.id} from ${trackings} where ${where}`
        : plan === "window"
          ? sql`select ${trackings.id} from ${trackings} where ${where} order by ${sql.join(ORDER, sql`, `)} limit ${sql.placeholder("limit")} offset ${sql.placeholder("offset")}`
          : undefined;
    const found = ids ? [eq(trackings.organizationId, sql.placeholder("organizationId")), sql`${trackings.id} = any(array(${ids}))`] : compiled.conditions;
    // A row comparison lets the index start right after the cursor.
    const cursor = sql`(${trackings.createdAt}, ${trackings.id}) < (${sql.placeholder("cursorAt")}::timestamptz, ${sql.placeholder("cursorId")})`;
    return preparedRecords(
      db,
      db.query.trackings.findMany({
        where: and(...found, ...(withCursor ? [cursor] : [])),
        // NULLS LAST as the indexes are built, so the index gives the order and no sort is needed.
        orderBy: ORDER,
        limit: sql.placeholder("limit"),
        // The window has skipped the offset already.
        ...(plan === "window" ? {} : { offset: sql.placeholder("offset") }),
        with: { checkpoints: { orderBy: asc(checkpoints.position) } },
      }),
      `list_page_${withCursor ? "c" : "p"}_${plan}_${compiled.shape}`,
    );
  };
  return isDatabase(db) ? prepared(db, `list-page:${withCursor}:${plan}:${compiled.shape}`, build) : build();
}

function countQuery(db: Executor, compiled: CompiledFilter) {
  const build = () =>
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(trackings)
      .where(and(...compiled.conditions))
      .prepare(`list_count_${compiled.shape}`);
  return isDatabase(db) ? prepared(db, `list-count:${compiled.shape}`, build) : build();
}

/** Newest first, ties broken by id, so pages never skip or repeat a row. */
export async function listTrackings(db: Executor, organizationId: string, filter: TrackingListFilter, paging: TrackingListPaging): Promise<TrackingListResult> {
  const compiled = compileFilter(organizationId, filter);
  const after = paging.kind === "cursor" && paging.cursor ? decodeCursor(paging.cursor) : null;
  const offset = paging.kind === "page" ? (paging.page - 1) * paging.limit : 0;
  const countRows = () =>
    countQuery(db, compiled)
      .execute(compiled.params)
      .then(([row]) => row?.total ?? 0);
  const counting = LEDGER_SHAPE.test(compiled.shape) ? countTrackings(db, organizationId, filter).then((counted) => counted ?? countRows()) : countRows();
  // A keyword's count (the trigram index, a few ms) comes first: how many rows match decides the plan.
  const plan: PagePlan = filter.keyword && (await counting) <= SPARSE_KEYWORD_MATCHES ? "matches" : offset > 0 ? "window" : "walk";
  const page = pageQuery(db, compiled, after !== null, plan).execute({
    ...compiled.params,
    ...(after ? { cursorAt: after.createdAt.toISOString(), cursorId: after.id } : {}),
    limit: paging.limit + 1,
    offset,
  });
  const [rows, total] = await Promise.all([page, counting]);
  const hasNextPage = rows.length > paging.limit;
  const records = rows.slice(0, paging.limit);
  const last = records[records.length - 1]?.tracking;
  return {
    records,
    total,
    hasNextPage,
    nextCursor: hasNextPage && last ? encodeCursor(last.createdAt, last.id) : null,
  };
}
