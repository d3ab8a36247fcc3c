import { createTracking } from "@/lib/trackings/create-tracking";
import { deleteTracking } from "@/lib/trackings/delete-tracking";
import { getTrackingOrThrow } from "@/lib/trackings/get-tracking-or-throw";
import { listSnapshotTime } from "@/lib/trackings/list-snapshots";
import { listTrackings } from "@/lib/trackings/list-trackings";
import { markTrackingCompleted } from "@/lib/trackings/mark-tracking-completed";
import { retrackTracking } from "@/lib/trackings/retrack-tracking";
import { updateTracking } from "@/lib/trackings/update-tracking";
import { ApiError, asApiError } from "../errors";
import type { ApiContext, ApiHandler, ApiResult } from "../types";
import { trackingCodecs } from "../versions";
import { locatorFrom } from "./tracking-locator";

/** Runs a handler body with the version's field names in its error messages. */
function versioned(body: (ctx: ApiContext) => Promise<ApiResult>): ApiHandler {
  return async (ctx) => {
    try {
      return await body(ctx);
    } catch (caught) {
      const error = asApiError(caught);
      const rename = trackingCodecs[ctx.version].renameErrorFields;
      throw error instanceof ApiError && rename ? rename(error) : error;
    }
  };
}

const isEmptyData = (data: unknown) => !data || (typeof data === "object" && Object.keys(data).length === 0);

/**
 * Errors of a request with a tracking body echo that body where the version does (v4 answers a
 * bad create or the update of a missing tracking with the `tracking` sent), unless they carry data.
 */
function echoingBody(body: (ctx: ApiContext) => Promise<ApiResult>): (ctx: ApiContext) => Promise<ApiResult> {
  return async (ctx) => {
    try {
      return await body(ctx);
    } catch (caught) {
      const error = asApiError(caught);
      if (error instanceof ApiError && isEmptyData(error.data)) {
        const echo = trackingCodecs[ctx.version].errorEcho?.(ctx.body);
        if (echo !== undefined) throw new ApiError(error.code, error.message, echo);
      }
      throw error;
    }
  };
}

export const createTrackingHandler = versioned(
  echoingBody(async (ctx) => {
    const codec = trackingCodecs[ctx.version];
    const record = await createTracking(ctx.db, ctx.organization, codec.parseCreate(ctx.body));
    return { status: 201, data: codec.single(record) };
  }),
);

export const getTrackingHandler = versioned(async (ctx) => {
  const record = await getTrackingOrThrow(ctx.db, ctx.organization.id, locatorFrom(ctx));
  return { data: trackingCodecs[ctx.version].single(record, ctx.query.get("fields")) };
});

export const updateTrackingHandler = versioned(
  echoingBody(async (ctx) => {
    const codec = trackingCodecs[ctx.version];
    const input = codec.parseUpdate(ctx.body);
    const { record } = await updateTracking(ctx.db, ctx.organization, locatorFrom(ctx), input);
    return { data: codec.single(record) };
  }),
);

export const deleteTrackingHandler = versioned(async (ctx) => {
  const record = await deleteTracking(ctx.db, ctx.organization.id, locatorFrom(ctx));
  return { data: trackingCodecs[ctx.version].deleted(record) };
});

export const retrackTrackingHandler = versioned(async (ctx) => {
  const record = await retrackTracking(ctx.db, ctx.organization.id, locatorFrom(ctx));
  return { data: trackingCodecs[ctx.version].retracked(record) };
});

export const markTrackingCompletedHandler = versioned(async (ctx) => {
  const codec = trackingCodecs[ctx.version];
  const change = await markTrackingCompleted(ctx.db, ctx.organization.id, locatorFrom(ctx), codec.parseCompletion(ctx.body));
  return { data: codec.single(change.record) };
});

export const listTrackingsHandler = versioned(async (ctx) => {
  const codec = trackingCodecs[ctx.version];
  const snapshot = codec.listSnapshot?.(ctx.query);
  const now = snapshot ? await listSnapshotTime(ctx.db, ctx.organization.id, snapshot.key, snapshot.page) : new Date();
  const request = codec.parseList(ctx.query, now);
  const result = await listTrackings(ctx.db, ctx.organization.id, request.filter, request.paging);
  return { data: codec.list(result, request) };
});
