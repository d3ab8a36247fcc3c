import { z } from "zod";
import { parseOrThrow } from "@/lib/api/validation";
import { customerRequest } from "./2025-04";
import { codec202601, couriers202601, schemas202601 } from "./2026-01";
import { deriveCodec, withoutField } from "./derive-codec";
import { cursorPaginationSchema } from "./response-schemas";
import { deriveSchemas } from "./version-schemas";

export const SHIPMENT_DIRECTIONS = ["forward", "return"] as const;

const direction = z.enum(SHIPMENT_DIRECTIONS).nullable();
const customerIds = z.array(z.object({ id: z.string().max(256).nullable().optional() }).passthrough()).nullable();

/** The customers' ids, by position, read before the predecessor drops the field it does not know. */
function readCustomerIds(body: unknown): Array<string | null> | undefined {
  const customers = (body as { customers?: unknown } | null)?.customers;
  if (customers === undefined) return undefined;
  return (parseOrThrow(customerIds, customers, ["customers"]) ?? []).map((customer) => customer.id ?? null);
}

function withShipmentFields<T extends { fields: Record<string, unknown> }>(body: unknown, previous: (body: unknown) => T): T {
  const ids = readCustomerIds(body);
  const { rest, value, present } = withoutField(body, "shipment_direction");
  const input = previous(rest);
  if (present) input.fields.shipmentDirection = parseOrThrow(direction, value, ["shipment_direction"]);
  const customers = input.fields.customers as Array<Record<string, unknown>> | undefined;
  if (ids && customers) customers.forEach((customer, index) => (customer.id = ids[index] ?? null));
  return input;
}

/**
 * 2026-07 over 2026-01: the new sub-statuses shown as they are, `shipment_dimensions`,
 * `checkpoints[].hash`, `customers[].id`, `proof_of_delivery`, `multi_piece_info`,
 * `shipment_direction` with the linked `return_shipment` / `forward_shipment`; no
 * `last_mile_tracking_supported`.
 */
export const codec202607 = deriveCodec(codec202601, {
  tracking(record, previous) {
    const t = record.tracking;
    delete previous.last_mile_tracking_supported;
    return Object.assign(previous, {
      subtag: t.subtag,
      subtag_message: t.subtagMessage,
      customers: t.customers.map(({ id, role, name, phone_number, email, language }) => ({ id: id ?? null, role, name, phone_number, email, language })),
      shipment_dimensions: t.shipmentDimensions,
      proof_of_delivery: t.proofOfDelivery,
      multi_piece_info: t.multiPieceInfo,
      shipment_direction: t.shipmentDirection,
      return_shipment: t.returnShipment,
      forward_shipment: t.forwardShipment,
    });
  },
  checkpoint: (checkpoint, previous) =>
    Object.assign(previous, { subtag: checkpoint.subtag, subtag_message: checkpoint.subtagMessage, hash: checkpoint.dedupeKey }),
  parseCreate: withShipmentFields,
  parseUpdate: withShipmentFields,
});

export const couriers202607 = couriers202601;

const linkedShipment = z.object({ id: z.string(), tracking_number: z.string(), slug: z.string() }).nullable();
const withCustomerIds = (previous: z.ZodObject<z.ZodRawShape>) =>
  previous.extend({
    shipment_direction: direction.optional(),
    customers: z
      .array(customerRequest.extend({ id: z.string().max(256).nullable().optional() }))
      .nullable()
      .optional(),
  });

export const schemas202607 = deriveSchemas(
  schemas202601,
  {
    tracking: (previous) =>
      previous.omit({ last_mile_tracking_supported: true }).extend({
        customers: z.array(
          z.object({
            id: z.string().nullable(),
            role: z.string().nullable(),
            name: z.string().nullable(),
            phone_number: z.string().nullable(),
            email: z.string().nullable(),
            language: z.string().nullable(),
          }),
        ),
        shipment_dimensions: z.object({ unit: z.string(), length: z.number(), width: z.number(), height: z.number() }).nullable(),
        proof_of_delivery: z.array(z.object({ type: z.string(), url: z.string() })).nullable(),
        multi_piece_info: z
          .object({
            type: z.enum(["master", "child"]),
            pieces: z.array(
              z.object({ tracking_id: z.string().nullable(), tracking_number: z.string(), type: z.enum(["master", "child"]), trackable: z.boolean() }),
            ),
          })
          .nullable(),
        shipment_direction: direction,
        return_shipment: linkedShipment,
        forward_shipment: linkedShipment,
      }),
    checkpoint: (previous) => previous.extend({ hash: z.string().meta({ description: "Stable per checkpoint" }) }).meta({ id: "Checkpoint" }),
    createBody: withCustomerIds,
    updateBody: withCustomerIds,
  },
  cursorPaginationSchema,
);
