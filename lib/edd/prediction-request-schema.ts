import { z } from "zod";
import { type ApiVersion, isFrom2025 } from "@/lib/api-versions";
import { toAlpha2 } from "@/lib/countries";
import { type PredictionRequest } from "./types";

// Estimated-delivery-date request items of the compatible API (compat-reference §9). The address's
// country key is `country` up to 2024-10 and `country_region` from 2025-01, so it depends on the version.

/** At most this many items per predict-batch call. */
export const MAX_BATCH_ITEMS = 5;

const DATE_TIME = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01]) ([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/;

const localDateTime = z
  .string()
  .regex(DATE_TIME, "expected local time as YYYY-MM-DD HH:mm:ss")
  // The pattern lets 2024-02-31 through; the calendar must agree. Refinements run even after the
  // pattern failed, so a value that is no date at all must not reach toISOString (it throws).
  .refine((value) => {
    const day = new Date(`${value.slice(0, 10)}T00:00:00Z`);
    return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(value.slice(0, 10));
  }, "not a calendar date");

const countryCode = z.string().refine((value) => value.length === 3 && toAlpha2(value) !== undefined, "expected an ISO 3166-1 alpha-3 country code");

const addressFields = {
  state: z.string().nullish(),
  city: z.string().nullish(),
  postal_code: z.string().nullish(),
  raw_location: z.string().nullish(),
};

function requireStateOrPostalCode(address: { state?: string | null; postal_code?: string | null }, ctx: z.RefinementCtx) {
  if (!address.state?.trim() && !address.postal_code?.trim()) {
    ctx.addIssue({ code: "custom", path: ["state"], message: "state or postal_code is required" });
  }
}

const addressUntil202410 = z.object({ country: countryCode, ...addressFields }).superRefine(requireStateOrPostalCode);
const addressFrom202501 = z.object({ country_region: countryCode, ...addressFields }).superRefine(requireStateOrPostalCode);

const estimatedPickupSchema = z.object({
  order_time: localDateTime,
  order_cutoff_time: z.string().regex(TIME, "expected HH:mm:ss").nullish(),
  business_days: z
    .array(z.number().int().min(1).max(7))
    .min(1)
    .refine((days) => new Set(days).size === days.length, "weekdays must not repeat")
    .nullish(),
  order_processing_time: z
    .object({
      unit: z.literal("day").nullish(),
      value: z.number().int().min(0).max(365).nullish(),
    })
    .nullish(),
});

function itemSchema<Address extends typeof addressUntil202410 | typeof addressFrom202501>(address: Address) {
  return z
    .object({
      slug: z.string().trim().min(1),
      service_type_name: z.string().nullish(),
      origin_address: address,
      destination_address: address,
      weight: z.object({ unit: z.string().min(1), value: z.number().nonnegative() }).nullish(),
      package_count: z.number().int().min(1).nullish(),
      pickup_time: localDateTime.nullish(),
      estimated_pickup: estimatedPickupSchema.nullish(),
    })
    .superRefine((item, ctx) => {
      if (!item.pickup_time && !item.estimated_pickup) {
        ctx.addIssue({ code: "custom", path: ["pickup_time"], message: "pickup_time or estimated_pickup is required" });
      }
    });
}

/** One request item (the `predict` body, an element of `predict-batch`'s `estimated_delivery_dates`). */
export function predictionItemSchema(version: ApiVersion) {
  return isFrom2025(version) ? itemSchema(addressFrom202501) : itemSchema(addressUntil202410);
}

/** The `predict-batch` body: 1 to 5 items; one invalid item fails the call (its index is in the issue path). */
export function predictBatchSchema(version: ApiVersion) {
  return z.object({ estimated_delivery_dates: z.array(predictionItemSchema(version)).min(1).max(MAX_BATCH_ITEMS) });
}

export type PredictionItem = z.output<ReturnType<typeof predictionItemSchema>>;

/** The model's view of a validated item, whichever version's country key it used. */
export function toPredictionRequest(item: PredictionItem): PredictionRequest {
  const address = (input: PredictionItem["origin_address"]) => ({
    country: "country_region" in input ? input.country_region : input.country,
    state: input.state ?? null,
    postalCode: input.postal_code ?? null,
  });
  const pickup = item.estimated_pickup;
  return {
    slug: item.slug,
    serviceType: item.service_type_name ?? null,
    origin: address(item.origin_address),
    destination: address(item.destination_address),
    pickupTime: item.pickup_time ?? null,
    estimatedPickup: pickup
      ? {
          orderTime: pickup.order_time,
          orderCutoffTime: pickup.order_cutoff_time ?? null,
          businessDays: pickup.business_days ?? null,
          orderProcessingDays: pickup.order_processing_time?.value ?? null,
        }
      : null,
  };
}
