import { z } from "zod";

type AnyObject = z.ZodObject<z.ZodRawShape>;

/** A version's requests and answers as zod schemas: what its OpenAPI document is generated from. */
export interface VersionSchemas {
  /** The tracking, checkpoints included, as answered and as a webhook's `msg`. */
  tracking: AnyObject;
  checkpoint: AnyObject;
  createBody: z.ZodType;
  updateBody: z.ZodType;
  completionBody: z.ZodType;
  detectBody: z.ZodType;
  courier: z.ZodType;
  /** The `data` of create, get, update and mark-as-completed. */
  single: z.ZodType;
  /** The `data` of delete and retrack. */
  deleted: z.ZodType;
  retracked: z.ZodType;
  list: z.ZodType;
  prediction: z.ZodType;
}

/** What a version changes over its predecessor's schemas (the twin of CodecDelta). */
export interface SchemaDelta {
  tracking?(previous: AnyObject): AnyObject;
  checkpoint?(previous: AnyObject): AnyObject;
  createBody?(previous: AnyObject): AnyObject;
  updateBody?(previous: AnyObject): AnyObject;
}

/** The unwrapped, cursor-paged shapes from 2025-04 on, around one tracking schema. */
export function cursorVersionShapes(tracking: AnyObject, pagination: z.ZodType) {
  return { single: tracking, deleted: tracking, retracked: tracking, list: z.object({ pagination, trackings: z.array(tracking) }) };
}

/** A version's schemas as its predecessor's plus its documented changes (from 2025-04 on). */
export function deriveSchemas(base: VersionSchemas, delta: SchemaDelta, pagination: z.ZodType): VersionSchemas {
  const checkpoint = delta.checkpoint ? delta.checkpoint(base.checkpoint) : base.checkpoint;
  const changed = delta.tracking ? delta.tracking(base.tracking) : base.tracking;
  const tracking = changed.extend({ checkpoints: z.array(checkpoint) }).meta({ id: "Tracking" });
  return {
    ...base,
    checkpoint,
    tracking,
    createBody: delta.createBody ? delta.createBody(base.createBody as AnyObject) : base.createBody,
    updateBody: delta.updateBody ? delta.updateBody(base.updateBody as AnyObject) : base.updateBody,
    ...cursorVersionShapes(tracking, pagination),
  };
}
