import { ADDITIONAL_FIELDS, type AdditionalField } from "@/lib/couriers/types";
import type { TrackingLocator } from "@/lib/trackings/get-tracking-or-throw";
import type { ApiContext } from "../types";

/** `:id`, or `:slug/:tracking_number` with the courier's additional fields as query parameters. */
export function locatorFrom(ctx: Pick<ApiContext, "params" | "query">): TrackingLocator {
  const { params, query } = ctx;
  if (params.id !== undefined) return { id: params.id };
  const additionalFields: Partial<Record<AdditionalField, string>> = {};
  for (const field of ADDITIONAL_FIELDS) {
    const value = query.get(field)?.trim();
    if (value) additionalFields[field] = value;
  }
  return { slug: params.slug!.toLowerCase(), trackingNumber: params.tracking_number!, additionalFields };
}
