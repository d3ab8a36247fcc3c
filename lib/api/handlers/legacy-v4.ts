import { z } from "zod";
import { getTrackingOrThrow } from "@/lib/trackings/get-tracking-or-throw";
import { changeNotificationContacts, getNotificationContacts } from "@/lib/trackings/notification-contacts";
import { ApiError } from "../errors";
import type { ApiHandler } from "../types";
import { parseOrThrow } from "../validation";
import { pickFields } from "../versions/tracking-base";
import { v4Checkpoint } from "../versions/v4";
import { locatorFrom } from "./tracking-locator";

const EMPTY_CHECKPOINT = Object.fromEntries(
  [
    "slug",
    "created_at",
    "checkpoint_time",
    "city",
    "coordinates",
    "country_iso3",
    "country_name",
    "message",
    "state",
    "location",
    "tag",
    "subtag",
    "subtag_message",
    "zip",
    "raw_tag",
  ].map((field) => [field, null]),
);

/** v4 only: the latest checkpoint with the tracking's status. */
export const getLastCheckpointHandler: ApiHandler = async (ctx) => {
  const { tracking, checkpoints } = await getTrackingOrThrow(ctx.db, ctx.organization.id, locatorFrom(ctx));
  const latest = checkpoints[checkpoints.length - 1];
  const checkpoint = latest ? pickFields(v4Checkpoint(latest), ctx.query.get("fields")) : EMPTY_CHECKPOINT;
  return {
    data: {
      id: tracking.id,
      tracking_number: tracking.trackingNumber,
      slug: tracking.slug,
      tag: tracking.tag,
      subtag: tracking.subtag,
      subtag_message: tracking.subtagMessage,
      checkpoint,
    },
  };
};

const contactList = z
  .union([z.string(), z.array(z.string())])
  .nullable()
  .optional();
export const notificationBody = z.object({ notification: z.object({ emails: contactList, smses: contactList }) });

function asList(value: string | string[] | null | undefined): string[] {
  if (!value) return [];
  return (Array.isArray(value) ? value : value.split(",")).map((entry) => entry.trim()).filter(Boolean);
}

function parseNotification(body: unknown) {
  const object = (body as { notification?: unknown } | undefined)?.notification;
  if (!object || typeof object !== "object" || Array.isArray(object)) throw new ApiError(4014);
  const { notification } = parseOrThrow(notificationBody, body);
  return { emails: asList(notification.emails), smses: asList(notification.smses) };
}

export const getNotificationsHandler: ApiHandler = async (ctx) => ({
  data: { notification: await getNotificationContacts(ctx.db, ctx.organization.id, locatorFrom(ctx)) },
});

function changeNotificationsHandler(action: "add" | "remove"): ApiHandler {
  return async (ctx) => {
    const contacts = parseNotification(ctx.body);
    const notification = await changeNotificationContacts(ctx.db, ctx.organization.id, locatorFrom(ctx), { action, contacts });
    return { status: 201, data: { notification } };
  };
}

export const addNotificationsHandler = changeNotificationsHandler("add");
export const removeNotificationsHandler = changeNotificationsHandler("remove");

/** DELETE /v4/notifications/:tracking_id: the contacts named in a `notification` body, or all of them. */
export const deleteNotificationsHandler: ApiHandler = async (ctx) => {
  const named = (ctx.body as { notification?: unknown } | undefined)?.notification !== undefined;
  const contacts = named ? parseNotification(ctx.body) : { emails: [], smses: [] };
  const action = named ? "remove" : "remove-all";
  const notification = await changeNotificationContacts(ctx.db, ctx.organization.id, locatorFrom(ctx), { action, contacts });
  return { data: { notification } };
};
