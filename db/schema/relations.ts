import { relations } from "drizzle-orm";
import { checkpoints } from "./checkpoints";
import { trackings } from "./trackings";

// Lets a read take a tracking with its checkpoints in one query (`db.query.trackings`).
export const trackingRelations = relations(trackings, ({ many }) => ({ checkpoints: many(checkpoints) }));

export const checkpointRelations = relations(checkpoints, ({ one }) => ({
  tracking: one(trackings, {
    fields: [checkpoints.organizationId, checkpoints.trackingId],
    references: [trackings.organizationId, trackings.id],
  }),
}));
