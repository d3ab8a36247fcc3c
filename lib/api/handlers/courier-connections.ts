import { createCourierConnection } from "@/lib/connections/create-courier-connection";
import { deleteCourierConnection } from "@/lib/connections/delete-courier-connection";
import { getCourierConnectionOrThrow } from "@/lib/connections/get-courier-connection-or-throw";
import { listCourierConnections } from "@/lib/connections/list-courier-connections";
import { updateCourierConnection } from "@/lib/connections/update-courier-connection";
import type { ApiHandler } from "../types";
import { courierConnection, courierConnectionList, parseCreateConnection, parseUpdateConnection } from "../versions/connection-2025-04";
import { limitParam } from "../versions/list-query";

export const createCourierConnectionHandler: ApiHandler = async (ctx) => {
  const view = await createCourierConnection(ctx.db, ctx.organization.id, parseCreateConnection(ctx.body));
  return { status: 201, data: courierConnection(view) };
};

export const listCourierConnectionsHandler: ApiHandler = async (ctx) => {
  const list = await listCourierConnections(ctx.db, ctx.organization.id, {
    courierSlug: ctx.query.get("courier_slug")?.trim().toLowerCase() || undefined,
    cursor: ctx.query.get("cursor") || undefined,
    limit: limitParam(ctx.query),
  });
  return { data: courierConnectionList(list) };
};

export const getCourierConnectionHandler: ApiHandler = async (ctx) => {
  return { data: courierConnection(await getCourierConnectionOrThrow(ctx.db, ctx.organization.id, ctx.params.id!)) };
};

export const updateCourierConnectionHandler: ApiHandler = async (ctx) => {
  const input = parseUpdateConnection(ctx.body);
  return { data: courierConnection(await updateCourierConnection(ctx.db, ctx.organization.id, ctx.params.id!, input)) };
};

export const deleteCourierConnectionHandler: ApiHandler = async (ctx) => {
  return { data: courierConnection(await deleteCourierConnection(ctx.db, ctx.organization.id, ctx.params.id!)) };
};
