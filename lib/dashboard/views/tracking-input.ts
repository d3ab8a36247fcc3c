import { z } from "zod";
import { nulPathOf, withWellFormedStrings } from "@/lib/clean-input";
import { InvalidError } from "@/lib/domain-errors";
import type { CreateTrackingInput } from "@/lib/trackings/create-tracking";
import { COMPLETION_REASONS, type CompletionReason } from "@/lib/trackings/mark-tracking-completed";
import type { TrackingPatch } from "@/lib/trackings/tracking-patch";
import type { UpdateTrackingInput } from "@/lib/trackings/update-tracking";
import { validateEmails, validatePhones } from "@/lib/trackings/validate-contacts";
import { parseInstant } from "@/lib/time";

/*
 * What the dashboard's forms and CSV import send, under the names the forms use (the 2025-04 API's,
 * so a merchant reads one vocabulary), parsed into the verbs' inputs here rather than by an API
 * version's codec. Blank text clears a field.
 */

const text = (max = 512) => z.string().trim().max(max).nullable().optional();
const country = z
  .string()
  .trim()
  .regex(/^([A-Za-z]{3})?$/, "expected an ISO 3166-1 alpha-3 country code")
  .transform((value) => value.toUpperCase())
  .nullable()
  .optional();
const date = z
  .string()
  .trim()
  .refine((value) => value === "" || parseInstant(value) !== null, "expected a date (YYYY-MM-DD) or an ISO 8601 date-time")
  .nullable()
  .optional();
const shipDate = z
  .string()
  .trim()
  .regex(/^(\d{8}|\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?)?$/, "expected YYYY-MM-DD or YYYYMMDD")
  .nullable()
  .optional();
const customer = z.object({ name: text(), email: text(320), phone_number: text(32) });

const trackingFields = {
  title: text(),
  note: text(2048),
  order_id: text(),
  order_number: text(),
  order_date: date,
  order_promised_delivery_date: date,
  origin_country_region: country,
  destination_country_region: country,
  destination_state: text(),
  destination_city: text(),
  destination_postal_code: text(),
  tracking_account_number: text(),
  tracking_key: text(),
  tracking_ship_date: shipDate,
  customers: z.array(customer).max(1).optional(),
};

const createBody = z.object({ tracking_number: z.string().max(100), slug: z.string().trim().toLowerCase().max(64).optional(), ...trackingFields });
const updateBody = z.object({ slug: z.string().trim().toLowerCase().max(64).optional(), ...trackingFields });
const completionBody = z.object({ reason: z.enum(COMPLETION_REASONS), event_datetime: date });

type TrackingFields = z.infer<z.ZodObject<typeof trackingFields>>;

function parse<T extends z.ZodType>(schema: T, body: unknown): z.output<T> {
  const nul = nulPathOf(body);
  if (nul) throw new InvalidError(nul.join(".") || "body", "invalid", `${nul.join(".") || "The body"}: contains a NUL character.`);
  const parsed = schema.safeParse(withWellFormedStrings(body));
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const field = issue.path.join(".") || "body";
  throw new InvalidError(field, "invalid", `${field}: ${issue.message}`);
}

const blankToNull = (value: string | null | undefined) => (value === undefined ? undefined : value || null);

/** Form fields → the columns they set; a destination or origin field doubles as the courier's additional field. */
function patchOf(fields: TrackingFields): TrackingPatch {
  const patch: TrackingPatch = {
    title: fields.title || undefined,
    note: blankToNull(fields.note),
    orderId: blankToNull(fields.order_id),
    orderNumber: blankToNull(fields.order_number),
    orderDate: blankToNull(fields.order_date),
    orderPromisedDeliveryDate: blankToNull(fields.order_promised_delivery_date),
    originCountryIso3: blankToNull(fields.origin_country_region),
    trackingOriginCountry: blankToNull(fields.origin_country_region),
    destinationCountryIso3: blankToNull(fields.destination_country_region),
    trackingDestinationCountry: blankToNull(fields.destination_country_region),
    destinationState: blankToNull(fields.destination_state),
    trackingState: blankToNull(fields.destination_state),
    destinationCity: blankToNull(fields.destination_city),
    destinationPostalCode: blankToNull(fields.destination_postal_code),
    trackingPostalCode: blankToNull(fields.destination_postal_code),
    trackingAccountNumber: blankToNull(fields.tracking_account_number),
    trackingKey: blankToNull(fields.tracking_key),
    trackingShipDate: blankToNull(fields.tracking_ship_date?.replaceAll("-", "").slice(0, 8)),
  };
  if (fields.customers) {
    const customers = fields.customers.map((entry, index) => ({
      role: null,
      name: entry.name || null,
      email: entry.email ? validateEmails([entry.email], `customers[${index}].email`)[0]! : null,
      phone_number: entry.phone_number ? validatePhones([entry.phone_number], `customers[${index}].phone_number`)[0]! : null,
      language: null,
    }));
    patch.customers = customers;
    patch.customerName = customers[0]?.name ?? null;
    patch.emails = customers.flatMap((entry) => (entry.email ? [entry.email] : []));
    patch.smses = customers.flatMap((entry) => (entry.phone_number ? [entry.phone_number] : []));
  }
  return Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
}

export function dashboardCreateInput(body: unknown): CreateTrackingInput {
  const { tracking_number, slug, ...fields } = parse(createBody, body);
  return { trackingNumber: tracking_number, slugs: slug ? [slug] : [], fields: patchOf(fields) };
}

export function dashboardUpdateInput(body: unknown): UpdateTrackingInput {
  const { slug, ...fields } = parse(updateBody, body);
  return { slug, fields: patchOf(fields) };
}

export function dashboardCompletionInput(body: unknown): { reason: CompletionReason; eventDatetime?: string } {
  const { reason, event_datetime } = parse(completionBody, body);
  return { reason, eventDatetime: event_datetime || undefined };
}
