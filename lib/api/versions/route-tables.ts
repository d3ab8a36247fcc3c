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
import { listEventsHandler } from "../handlers/events";
import type { ApiRoute, ApiVersion } from "../types";

const BY_SLUG = "/trackings/:slug/:tracking_number";

/** Tracking operations by id, and by slug/number where the version has that form. */
function trackingRoutes(slugForms: boolean): ApiRoute[] {
  const forms = slugForms ? ["/trackings/:id", BY_SLUG] : ["/trackings/:id"];
  return [
    { method: "POST", pattern: "/trackings", handler: createTrackingHandler, limitPerSecond: 20 },
    { method: "GET", pattern: "/trackings", handler: listTrackingsHandler, limitPerSecond: 6 },
    ...forms.flatMap((form): ApiRoute[] => [
      { method: "GET", pattern: form, handler: getTrackingHandler, limitPerSecond: 5 },
      { method: "PUT", pattern: form, handler: updateTrackingHandler, limitPerSecond: 5 },
      { method: "DELETE", pattern: form, handler: deleteTrackingHandler, limitPerSecond: 5 },
      { method: "POST", pattern: `${form}/retrack`, handler: retrackTrackingHandler, limitPerSecond: 5 },
      { method: "POST", pattern: `${form}/mark-as-completed`, handler: markTrackingCompletedHandler, limitPerSecond: 5 },
    ]),
  ];
}

/** v4's last-checkpoint and notification-contact operations, by id and by slug/number. */
function legacyRoutes(): ApiRoute[] {
  return ["/:id", "/:slug/:tracking_number"].flatMap((form): ApiRoute[] => [
    { method: "GET", pattern: `/last_checkpoint${form}`, handler: getLastCheckpointHandler },
    { method: "GET", pattern: `/notifications${form}`, handler: getNotificationsHandler },
    { method: "POST", pattern: `/notifications${form}/add`, handler: addNotificationsHandler },
    { method: "POST", pattern: `/notifications${form}/remove`, handler: removeNotificationsHandler },
    { method: "DELETE", pattern: `/notifications${form}`, handler: deleteNotificationsHandler },
  ]);
}

function courierRoutes(withAll: boolean): ApiRoute[] {
  return [
    { method: "POST", pattern: "/couriers/detect", handler: detectCouriersHandler, limitPerSecond: 3 },
    { method: "GET", pattern: "/couriers", handler: listActiveCouriersHandler, limitPerSecond: 5 },
    ...(withAll ? [{ method: "GET", pattern: "/couriers/all", handler: listAllCouriersHandler, limitPerSecond: 5 } as const] : []),
  ];
}

/** Delivery-date prediction: the batch form in every version, the single one from 2025-04. */
function eddRoutes(withSingle: boolean): ApiRoute[] {
  const batch: ApiRoute = { method: "POST", pattern: "/estimated-delivery-date/predict-batch", handler: predictBatchHandler, limitPerSecond: 20 };
  return withSingle ? [batch, { method: "POST", pattern: "/estimated-delivery-date/predict", handler: predictHandler, limitPerSecond: 5 }] : [batch];
}

/** A merchant's own carrier accounts (2025-04). */
function courierConnectionRoutes(): ApiRoute[] {
  return [
    { method: "POST", pattern: "/courier-connections", handler: createCourierConnectionHandler, limitPerSecond: 5 },
    { method: "GET", pattern: "/courier-connections", handler: listCourierConnectionsHandler, limitPerSecond: 5 },
    { method: "GET", pattern: "/courier-connections/:id", handler: getCourierConnectionHandler, limitPerSecond: 5 },
    { method: "PATCH", pattern: "/courier-connections/:id", handler: updateCourierConnectionHandler, limitPerSecond: 5 },
    { method: "DELETE", pattern: "/courier-connections/:id", handler: deleteCourierConnectionHandler, limitPerSecond: 5 },
  ];
}

/** The record of changes (2025-07 on). */
const eventRoutes = (): ApiRoute[] => [{ method: "GET", pattern: "/events", handler: listEventsHandler, limitPerSecond: 10 }];

/** Every public operation per version, with the spec's requests-per-second limits. */
export const routeTables: Record<ApiVersion, ApiRoute[]> = {
  v4: [...trackingRoutes(true), ...legacyRoutes(), ...courierRoutes(true), ...eddRoutes(false)],
  "2024-07": [...trackingRoutes(true), ...courierRoutes(true), ...eddRoutes(false)],
  "2025-04": [...trackingRoutes(false), ...courierRoutes(false), ...eddRoutes(true), ...courierConnectionRoutes()],
  // 2025-04's operations (later versions change shapes) and the record of changes.
  "2025-07": [...trackingRoutes(false), ...courierRoutes(false), ...eddRoutes(true), ...courierConnectionRoutes(), ...eventRoutes()],
  "2026-01": [...trackingRoutes(false), ...courierRoutes(false), ...eddRoutes(true), ...courierConnectionRoutes(), ...eventRoutes()],
  "2026-07": [...trackingRoutes(false), ...courierRoutes(false), ...eddRoutes(true), ...courierConnectionRoutes(), ...eventRoutes()],
};
