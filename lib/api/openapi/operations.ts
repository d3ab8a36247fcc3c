import { z } from "zod";
import { predictBatchSchema, predictionItemSchema } from "@/lib/edd/prediction-request-schema";
import { TAGS } from "@/lib/tags";
import { isFrom2025, type ApiHandler, type ApiVersion } from "../types";
import {
  createCourierConnectionHandler,
  deleteCourierConnectionHandler,
  getCourierConnectionHandler,
  listCourierConnectionsHandler,
  updateCourierConnectionHandler,
} from "../handlers/courier-connections";
import { detectCouriersHandler, listActiveCouriersHandler, listAllCouriersHandler } from "../handlers/couriers";
import { predictBatchHandler, predictHandler } from "../handlers/edd";
import {
  addNotificationsHandler,
  deleteNotificationsHandler,
  getLastCheckpointHandler,
  getNotificationsHandler,
  notificationBody,
  removeNotificationsHandler,
} from "../handlers/legacy-v4";
import {
  createTrackingHandler,
  deleteTrackingHandler,
  getTrackingHandler,
  listTrackingsHandler,
  markTrackingCompletedHandler,
  retrackTrackingHandler,
  updateTrackingHandler,
} from "../handlers/trackings";
import { listEventsHandler, MAX_EVENTS_LIMIT } from "../handlers/events";
import { CHANGE_TYPES } from "@/lib/trackings/changes/read-changes";
import { connectionBodies } from "../versions/connection-2025-04";
import { courierConnectionListSchema, courierConnectionSchema, courierListSchema } from "../versions/response-schemas";
import type { VersionSchemas } from "../versions/version-schemas";

/** What the document says of one operation; paths and path parameters come from the route table. */
export interface OperationDescription {
  summary: string;
  tag: "Trackings" | "Events" | "Couriers" | "Courier connections" | "Estimated delivery date" | "Notifications" | "Last checkpoint";
  query?: z.ZodObject;
  body?: z.ZodType;
  /** The answer's `data`. */
  data: z.ZodType;
  status?: 200 | 201;
}

type Describe = (schemas: VersionSchemas, version: ApiVersion) => OperationDescription;

const csv = (description: string) =>
  z
    .string()
    .optional()
    .meta({ description: `${description}, comma-separated` });

function listQuery(version: ApiVersion) {
  const paging = isFrom2025(version)
    ? { cursor: z.string().optional().meta({ description: "The `next_cursor` of the previous page" }) }
    : { page: z.int().min(1).optional() };
  return z.object({
    ...paging,
    limit: z.int().min(1).max(200).optional(),
    keyword: z.string().optional(),
    tracking_numbers: csv("Up to 50 tracking numbers"),
    slug: csv("Courier slugs"),
    tag: csv(`Status tags (${TAGS.join(", ")})`),
    origin: csv("ISO 3166-1 alpha-3 origin countries"),
    destination: csv("ISO 3166-1 alpha-3 destination countries"),
    created_at_min: z.string().optional(),
    created_at_max: z.string().optional(),
    updated_at_min: z.string().optional(),
    updated_at_max: z.string().optional(),
    return_to_sender: z.boolean().optional(),
    shipment_tags: csv("Shipment tags"),
    order_id: z.string().optional(),
    fields: csv("Top-level fields to answer with"),
  });
}

const fieldsQuery = z.object({ fields: csv("Top-level fields to answer with") });
const contactsData = z.object({ notification: z.object({ emails: z.array(z.string()), smses: z.array(z.string()) }) });
const lastCheckpoint = (checkpoint: z.ZodType) =>
  z.object({ id: z.string(), tracking_number: z.string(), slug: z.string(), tag: z.string(), subtag: z.string(), subtag_message: z.string(), checkpoint });

const couriersQuery = (version: ApiVersion) => (isFrom2025(version) ? z.object({ active: z.boolean().optional(), slug: csv("Courier slugs") }) : undefined);

const eventsQuery = z.object({
  after: z
    .string()
    .optional()
    .meta({ description: "The `next_cursor` of the previous page, or the change position a webhook carried; absent: from the first change kept" }),
  limit: z.int().min(1).max(MAX_EVENTS_LIMIT).optional(),
  types: csv(`Change types (${CHANGE_TYPES.join(", ")})`),
});

const eventsData = (tracking: z.ZodType) =>
  z.object({
    events: z.array(
      z.object({
        id: z.string(),
        position: z.int().meta({ description: "1, 2, 3… per organisation, in the order the changes were committed" }),
        type: z.enum(CHANGE_TYPES as [string, ...string[]]),
        occurred_at: z.string(),
        // As it was after the change (before it, for tracking.deleted), in the path's version.
        tracking,
      }),
    ),
    next_cursor: z.string().meta({ description: "Pass as `after` to read on; the same cursor always gives the same page" }),
    has_more: z.boolean(),
  });

/** Every public handler's description: a route whose handler is missing here fails the OpenAPI test. */
export const OPERATIONS = new Map<ApiHandler, Describe>([
  [createTrackingHandler, (s) => ({ summary: "Create a tracking", tag: "Trackings", body: s.createBody, data: s.single, status: 201 })],
  [listTrackingsHandler, (s, version) => ({ summary: "List trackings", tag: "Trackings", query: listQuery(version), data: s.list })],
  [getTrackingHandler, (s) => ({ summary: "Get a tracking", tag: "Trackings", query: fieldsQuery, data: s.single })],
  [updateTrackingHandler, (s) => ({ summary: "Update a tracking", tag: "Trackings", body: s.updateBody, data: s.single })],
  [deleteTrackingHandler, (s) => ({ summary: "Delete a tracking", tag: "Trackings", data: s.deleted })],
  [retrackTrackingHandler, (s) => ({ summary: "Retrack an expired tracking", tag: "Trackings", data: s.retracked })],
  [markTrackingCompletedHandler, (s) => ({ summary: "Mark a tracking as completed", tag: "Trackings", body: s.completionBody, data: s.single })],
  [listEventsHandler, (s) => ({ summary: "List changes in order (the event feed)", tag: "Events", query: eventsQuery, data: eventsData(s.tracking) })],
  [
    detectCouriersHandler,
    (s) => ({ summary: "Detect couriers of a tracking number", tag: "Couriers", body: s.detectBody, data: courierListSchema(s.courier) }),
  ],
  [
    listActiveCouriersHandler,
    (s, version) => ({ summary: "List couriers", tag: "Couriers", query: couriersQuery(version), data: courierListSchema(s.courier) }),
  ],
  [listAllCouriersHandler, (s) => ({ summary: "List all couriers", tag: "Couriers", data: courierListSchema(s.courier) })],
  [
    predictBatchHandler,
    (s, version) => ({
      summary: "Predict delivery dates (batch)",
      tag: "Estimated delivery date",
      body: predictBatchSchema(version),
      data: z.object({ estimated_delivery_dates: z.array(s.prediction) }),
    }),
  ],
  [
    predictHandler,
    (s, version) => ({ summary: "Predict a delivery date", tag: "Estimated delivery date", body: predictionItemSchema(version), data: s.prediction }),
  ],
  [
    createCourierConnectionHandler,
    () => ({ summary: "Connect a courier account", tag: "Courier connections", body: connectionBodies.create, data: courierConnectionSchema, status: 201 }),
  ],
  [listCourierConnectionsHandler, () => ({ summary: "List courier connections", tag: "Courier connections", data: courierConnectionListSchema })],
  [getCourierConnectionHandler, () => ({ summary: "Get a courier connection", tag: "Courier connections", data: courierConnectionSchema })],
  [
    updateCourierConnectionHandler,
    () => ({ summary: "Update a courier connection's credentials", tag: "Courier connections", body: connectionBodies.update, data: courierConnectionSchema }),
  ],
  [deleteCourierConnectionHandler, () => ({ summary: "Delete a courier connection", tag: "Courier connections", data: courierConnectionSchema })],
  [
    getLastCheckpointHandler,
    (s) => ({ summary: "Get the last checkpoint", tag: "Last checkpoint", query: fieldsQuery, data: lastCheckpoint(s.checkpoint.partial()) }),
  ],
  [getNotificationsHandler, () => ({ summary: "Get the notification contacts", tag: "Notifications", data: contactsData })],
  [addNotificationsHandler, () => ({ summary: "Add notification contacts", tag: "Notifications", body: notificationBody, data: contactsData, status: 201 })],
  [
    removeNotificationsHandler,
    () => ({ summary: "Remove notification contacts", tag: "Notifications", body: notificationBody, data: contactsData, status: 201 }),
  ],
  [
    deleteNotificationsHandler,
    () => ({ summary: "Remove every notification contact", tag: "Notifications", body: notificationBody.optional(), data: contactsData }),
  ],
]);
