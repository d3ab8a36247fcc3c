import { codec202504, couriers202504, schemas202504 } from "./2025-04";
import { deriveCodec } from "./derive-codec";
import { cursorPaginationSchema } from "./response-schemas";
import { deriveSchemas } from "./version-schemas";

/**
 * 2025-07 over 2025-04: its version headers, and `custom_fields` null rather than `{}` when unset in
 * webhooks, which Waybill's 2025-04 already sends; nothing else changed in the tracking model.
 */
export const codec202507 = deriveCodec(codec202504, {
  tracking(_record, previous) {
    if (previous.custom_fields && Object.keys(previous.custom_fields as object).length === 0) previous.custom_fields = null;
    return previous;
  },
});

export const couriers202507 = couriers202504;

// `custom_fields` was already nullable in 2025-04's schema: the shapes are unchanged.
export const schemas202507 = deriveSchemas(schemas202504, {}, cursorPaginationSchema);
