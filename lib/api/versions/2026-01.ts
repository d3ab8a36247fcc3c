import { z } from "zod";
import { parseOrThrow } from "@/lib/api/validation";
import { parseInstant } from "@/lib/time";
import type { TrackingPatch } from "@/lib/trackings/tracking-patch";
import type { TrackingRecord } from "@/lib/trackings/tracking-record";
import { codec202507, couriers202507, schemas202507 } from "./2025-07";
import { deriveCodec, withoutField } from "./derive-codec";
import { cursorPaginationSchema } from "./response-schemas";
import { deriveSchemas } from "./version-schemas";

const localDateTime = z
  .string()
  .refine((value) => parseInstant(value) !== null, "expected a date or local date-time such as 2024-10-03T10:00:00")
  .nullable()
  .optional();

/** `order_promised_delivery_date` from 2026-01: one date, or a min/max range. */
const promisedDelivery = z
  .object({
    promised_delivery_date: localDateTime,
    promised_delivery_date_min: localDateTime,
    promised_delivery_date_max: localDateTime,
  })
  .strict()
  .refine(
    (value) => !(value.promised_delivery_date && (value.promised_delivery_date_min || value.promised_delivery_date_max)),
    "give either promised_delivery_date or the min/max pair",
  )
  .refine(
    (value) => Boolean(value.promised_delivery_date_min) === Boolean(value.promised_delivery_date_max),
    "give both promised_delivery_date_min and promised_delivery_date_max",
  )
  .nullable();

function promisedPatch(value: unknown): TrackingPatch {
  const parsed = parseOrThrow(promisedDelivery, value, ["order_promised_delivery_date"]);
  return {
    orderPromisedDeliveryDate: parsed?.promised_delivery_date ?? null,
    orderPromisedDeliveryDateMin: parsed?.promised_delivery_date_min ?? null,
    orderPromisedDeliveryDateMax: parsed?.promised_delivery_date_max ?? null,
  };
}

function promisedShape(t: TrackingRecord["tracking"]) {
  if (!t.orderPromisedDeliveryDate && !t.orderPromisedDeliveryDateMin) return null;
  return {
    promised_delivery_date: t.orderPromisedDeliveryDate,
    promised_delivery_date_min: t.orderPromisedDeliveryDateMin,
    promised_delivery_date_max: t.orderPromisedDeliveryDateMax,
  };
}

/** `zip` → `postal_code`, in its place. */
function renameZip(previous: Record<string, unknown>) {
  return Object.fromEntries(Object.entries(previous).map(([key, value]) => [key === "zip" ? "postal_code" : key, value]));
}

/**
 * 2026-01 over 2025-07: `order_promised_delivery_date` is an object with a single date or a range
 * (requests and answers), and a checkpoint's `zip` is `postal_code`. `last_mile_tracking_supported`
 * is deprecated but still sent.
 */
export const codec202601 = deriveCodec(codec202507, {
  tracking(record, previous) {
    previous.order_promised_delivery_date = promisedShape(record.tracking);
    return previous;
  },
  checkpoint: (_checkpoint, previous) => renameZip(previous),
  parseCreate(body, previous) {
    const { rest, value, present } = withoutField(body, "order_promised_delivery_date");
    const input = previous(rest);
    if (present) Object.assign(input.fields, promisedPatch(value));
    return input;
  },
  parseUpdate(body, previous) {
    const { rest, value, present } = withoutField(body, "order_promised_delivery_date");
    const input = previous(rest);
    if (present) Object.assign(input.fields, promisedPatch(value));
    return input;
  },
});

export const couriers202601 = couriers202507;

const promisedAnswer = z
  .object({
    promised_delivery_date: z.string().nullable(),
    promised_delivery_date_min: z.string().nullable(),
    promised_delivery_date_max: z.string().nullable(),
  })
  .nullable();

export const schemas202601 = deriveSchemas(
  schemas202507,
  {
    tracking: (previous) => previous.extend({ order_promised_delivery_date: promisedAnswer }),
    checkpoint: (previous) => previous.omit({ zip: true }).extend({ postal_code: z.string().nullable() }).meta({ id: "Checkpoint" }),
    createBody: (previous) => previous.extend({ order_promised_delivery_date: promisedDelivery.optional() }),
    updateBody: (previous) => previous.extend({ order_promised_delivery_date: promisedDelivery.optional() }),
  },
  cursorPaginationSchema,
);
