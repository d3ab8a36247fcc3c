import { z } from "zod";
import type { CourierConnectionInput } from "@/lib/connections/create-courier-connection";
import type { CourierConnectionView } from "@/lib/connections/courier-connection-view";
import type { CourierConnectionList } from "@/lib/connections/list-courier-connections";
import { isoWithOffset } from "@/lib/time";
import { parseOrThrow } from "../validation";
import { asObject } from "./tracking-fields";

// Courier connections exist from 2025-04 on (compat-reference §10).

// Shape only; validateCredentials checks the fields against the courier's `credentials.fields`.
const credentials = z.looseObject({});
const createBody = z.object({ courier_slug: z.string().trim().min(1), credentials });
const updateBody = z.object({ credentials });

/** The request bodies, for the OpenAPI document. */
export const connectionBodies = { create: createBody, update: updateBody };

export function parseCreateConnection(body: unknown): CourierConnectionInput {
  const fields = parseOrThrow(createBody, asObject(body));
  return { courierSlug: fields.courier_slug, credentials: fields.credentials };
}

export function parseUpdateConnection(body: unknown): { credentials: unknown } {
  return parseOrThrow(updateBody, asObject(body));
}

export function courierConnection(view: CourierConnectionView) {
  return {
    id: view.id,
    courier_slug: view.courierSlug,
    credentials: view.credentials,
    created_at: isoWithOffset(view.createdAt),
    updated_at: isoWithOffset(view.updatedAt),
  };
}

export function courierConnectionList(list: CourierConnectionList) {
  return {
    pagination: { total: list.total, next_cursor: list.nextCursor, has_next_page: list.hasNextPage },
    courier_connections: list.connections.map(courierConnection),
  };
}
