import type { TrackingChangeType } from "@/db/schema";
import { CHANGE_TYPES, readChanges } from "@/lib/trackings/changes/read-changes";
import { isoWithOffset } from "@/lib/time";
import { ApiError } from "../errors";
import type { ApiHandler } from "../types";
import { trackingCodecs } from "../versions";
import { integerParam, listParam } from "../versions/list-query";

export const DEFAULT_EVENTS_LIMIT = 100;
export const MAX_EVENTS_LIMIT = 200;

/** `after` is the `next_cursor` of an earlier page (or a webhook's position): the position to read on from. */
function cursorParam(query: URLSearchParams): number {
  const value = query.get("after")?.trim();
  if (!value) return 0;
  if (!/^\d{1,15}$/.test(value)) {
    throw new ApiError(4008, "The value of `after` is invalid: use the `next_cursor` of an earlier page, or a webhook's change position.");
  }
  return Number(value);
}

function typesParam(query: URLSearchParams): TrackingChangeType[] | undefined {
  const types = listParam(query, "types");
  const unknown = types?.find((type) => !CHANGE_TYPES.includes(type as TrackingChangeType));
  if (unknown) throw new ApiError(4008, `The value of \`types\` is invalid: "${unknown}" is not one of ${CHANGE_TYPES.join(", ")}.`);
  return types as TrackingChangeType[] | undefined;
}

/**
 * The feed: the organisation's changes in order, each with the tracking as it was then in the
 * path's version. The same cursor gives the same page; a client that keeps `next_cursor` misses nothing.
 */
export const listEventsHandler: ApiHandler = async (ctx) => {
  const after = cursorParam(ctx.query);
  const limit = integerParam(ctx.query, "limit", { min: 1, max: MAX_EVENTS_LIMIT }) ?? DEFAULT_EVENTS_LIMIT;
  const page = await readChanges(ctx.db, ctx.organization.id, { after, limit, types: typesParam(ctx.query) });
  const codec = trackingCodecs[ctx.version];
  return {
    data: {
      events: page.changes.map((change) => ({
        id: change.id,
        position: change.position,
        type: change.type,
        occurred_at: isoWithOffset(change.occurredAt),
        tracking: codec.tracking(change.record),
      })),
      next_cursor: String(page.lastPosition),
      has_more: page.hasMore,
    },
  };
};
