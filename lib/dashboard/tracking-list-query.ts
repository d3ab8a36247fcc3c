import { z } from "zod";
import { nulPathOf } from "@/lib/clean-input";
import { InvalidError } from "@/lib/domain-errors";
import { TAGS } from "@/lib/tags";
import type { TrackingListFilter } from "@/lib/trackings/list-trackings";

const DASHBOARD_PAGE_SIZE = 25;
const MAX_PAGE_SIZE = 100;

const instant = z.iso.datetime({ offset: true });
const listQuery = z.object({
  keyword: z.string().trim().max(256).optional(),
  tag: z.enum(TAGS).optional(),
  slug: z.string().trim().toLowerCase().max(64).optional(),
  created_at_min: instant.optional(),
  created_at_max: instant.optional(),
  needs_attention: z.enum(["true"]).optional(),
  cursor: z.string().max(512).optional(),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).optional(),
});

/**
 * The trackings list's query string, as the dashboard's filters write it (keyword, tag, slug,
 * created_at_min, created_at_max, cursor, limit). No 120-day default window here.
 */
export function parseTrackingListQuery(query: URLSearchParams): { filter: TrackingListFilter; cursor?: string; limit: number } {
  const present = Object.fromEntries([...query.entries()].filter(([, value]) => value.trim() !== ""));
  const nul = nulPathOf(present);
  if (nul) throw new InvalidError(nul[0] ?? "query", "invalid", `The value of \`${nul[0]}\` is invalid: it contains a NUL character.`);
  const parsed = listQuery.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = String(issue.path[0] ?? "query");
    throw new InvalidError(field, "invalid", `The value of \`${field}\` is invalid: ${issue.message}`);
  }
  const { keyword, tag, slug, created_at_min, created_at_max, needs_attention, cursor, limit } = parsed.data;
  const filter: TrackingListFilter = {
    keyword: keyword || undefined,
    tags: tag ? [tag] : undefined,
    slugs: slug ? [slug] : undefined,
    createdAtMin: created_at_min ? new Date(created_at_min) : undefined,
    createdAtMax: created_at_max ? new Date(created_at_max) : undefined,
    needsAttention: needs_attention === "true" || undefined,
  };
  if (filter.createdAtMin && filter.createdAtMax && filter.createdAtMin > filter.createdAtMax) {
    throw new InvalidError("created_at_min", "invalid", "The start of the date range is after its end.");
  }
  return { filter, cursor, limit: limit ?? DASHBOARD_PAGE_SIZE };
}
