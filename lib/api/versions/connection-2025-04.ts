import { z } from "zod";
import type { CourierConnectionInput } from "@/lib/connections/create-courier-connection";
import type { CourierConnectionView } from "@/lib/connections/courier-connection-view";
import type { CourierConnectionList } from "@/lib/connections/list-courier-connections";
import { parseOrThrow } from "../validation";
import { asObject } from "./tracking-fields";

// Courier connections exist from 2025-04 on (compat-reference §10).

const credentials = z.record(z.string(), z.unknown(), { error: "expected an object of credential fields" });
const createBody = z.object({ courier_slug: z.string().trim().min(1), credentials });
const updateBody = z.object({ credentials });

export function parseCreateConnection(body: unknown): CourierConnectionInput {
  const fields = parseOrThrow(createBody, asObject(body));
  return { courierSlug: fields.courier_slug, credentials: fields.credentials };
}

export function parseUpdateConnection(body: unknown): { credentials: unknown } {
  return parseOrThrow(updateBody, asObject(body));
}

/** `YYYY-MM-DDTHH:mm:ssZ` in GMT, the connection object's timestamp format. */
const gmt = (date: Date) => `${date.toISOString().slice(0, 19)}Z`;

export function courierConnection(view: CourierConnectionView) {
  return {
    id: view.id,
    courier_slug: view.courierSlug,
    credentials: view.credentials,
    created_at: gmt(view.createdAt),
    updated_at: gmt(view.updatedAt),
  };
}

export function courierConnectionList(list: CourierConnectionList) {
  return {
    pagination: { total: list.total, next_cursor: list.nextCursor, has_next_page: list.hasNextPage },
    courier_connections: list.connections.map(courierConnection),
  };
}
