import type { Checkpoint } from "@/db/schema";
import type { CreateTrackingInput } from "@/lib/trackings/create-tracking";
import type { TrackingRecord } from "@/lib/trackings/tracking-record";
import type { UpdateTrackingInput } from "@/lib/trackings/update-tracking";
import type { TrackingCodec } from "./codec";
import { pickFields } from "./tracking-base";

type Shape = Record<string, unknown>;

/** What a version changes over its predecessor; everything it leaves out stays as the predecessor has it. */
export interface CodecDelta {
  /** The version's tracking from its predecessor's (the same object, changed in place, is fine). */
  tracking?(record: TrackingRecord, previous: Shape): Shape;
  checkpoint?(checkpoint: Checkpoint, previous: Shape): Shape;
  parseCreate?(body: unknown, previous: (body: unknown) => CreateTrackingInput): CreateTrackingInput;
  parseUpdate?(body: unknown, previous: (body: unknown) => UpdateTrackingInput): UpdateTrackingInput;
}

/** A version as its predecessor plus its documented changes (cursor-paged lists, as from 2025-04). */
export function deriveCodec(base: TrackingCodec, delta: CodecDelta): TrackingCodec {
  const checkpoint = (entry: Checkpoint): Shape => {
    const previous = base.checkpoint(entry);
    return delta.checkpoint ? delta.checkpoint(entry, previous) : previous;
  };
  const tracking = (record: TrackingRecord): Shape => {
    const previous = base.tracking(record);
    const next = delta.tracking ? delta.tracking(record, previous) : previous;
    if (delta.checkpoint) next.checkpoints = record.checkpoints.map(checkpoint);
    return next;
  };
  return {
    ...base,
    parseCreate: delta.parseCreate ? (body) => delta.parseCreate!(body, base.parseCreate) : base.parseCreate,
    parseUpdate: delta.parseUpdate ? (body) => delta.parseUpdate!(body, base.parseUpdate) : base.parseUpdate,
    single: (record, fields) => pickFields(tracking(record), fields ?? null),
    deleted: tracking,
    retracked: tracking,
    list(result, request) {
      return {
        pagination: { total: result.total, next_cursor: result.nextCursor, has_next_page: result.hasNextPage },
        trackings: result.records.map((record) => pickFields(tracking(record), request.fields)),
      };
    },
    tracking,
    checkpoint,
  };
}

/** Takes a field out of a request body before the predecessor reads it (which would drop it or read it as its old type). */
export function withoutField(body: unknown, field: string): { rest: unknown; value: unknown; present: boolean } {
  if (body === null || typeof body !== "object" || Array.isArray(body) || !(field in body)) return { rest: body, value: undefined, present: false };
  const { [field]: value, ...rest } = body as Record<string, unknown>;
  return { rest, value, present: true };
}
