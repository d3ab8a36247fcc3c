import type { TrackingCustomer } from "@/db/schema";
import { countryIso3 } from "@/lib/countries";
import { InvalidError } from "@/lib/domain-errors";
import { isTag, type Tag } from "@/lib/tags";
import type { CheckpointInput } from "@/lib/trackings/apply-tracking-update";
import type { CreateTrackingInput } from "@/lib/trackings/create-tracking";
import type { TrackingPatch } from "@/lib/trackings/tracking-patch";
import { reachableEmail, reachablePhone } from "@/lib/trackings/validate-contacts";

/** An AfterShip tracking as Waybill takes it in: what a create sets, its status and history, and what only an import sets. */
export interface ImportedTracking {
  externalId: string;
  create: CreateTrackingInput;
  status: { tag: Tag; subtag: string; subtagMessage: string };
  checkpoints: CheckpointInput[];
  active: boolean;
  createdAt: Date | null;
  expectedDelivery: string | null;
  signedBy: string | null;
}

type Json = Record<string, unknown>;

const text = (value: unknown): string | null => (typeof value === "string" && value.trim() ? value.trim() : typeof value === "number" ? String(value) : null);
const texts = (value: unknown): string[] => (Array.isArray(value) ? value.map(text).filter((entry): entry is string => entry !== null) : []);
const object = (value: unknown): Json | null => (value && typeof value === "object" && !Array.isArray(value) ? (value as Json) : null);

function customersOf(raw: unknown): TrackingCustomer[] {
  return (Array.isArray(raw) ? raw : []).slice(0, 3).flatMap((entry) => {
    const customer = object(entry);
    if (!customer) return [];
    return [
      {
        role: text(customer.role),
        name: text(customer.name),
        email: reachableEmail(text(customer.email)),
        phone_number: reachablePhone(text(customer.phone_number)),
        language: text(customer.language),
      },
    ];
  });
}

function customFieldsOf(raw: unknown): Record<string, string> | null {
  const fields = object(raw);
  if (!fields) return null;
  const entries = Object.entries(fields).flatMap(([key, value]) => (text(value) === null ? [] : [[key.slice(0, 100), text(value)!.slice(0, 1024)] as const]));
  return entries.length ? Object.fromEntries(entries.slice(0, 50)) : null;
}

/** `2026-03-01T10:00:00+01:00` → the local time and the instant; without an offset, only the local time. */
function timeOf(raw: unknown): { checkpointTime: string; occurredAt: string | null } | null {
  const value = text(raw);
  if (!value) return null;
  const match = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2})?)(?:\.\d+)?(Z|[+-]\d{2}:?\d{2})?$/.exec(value);
  if (!match) return null;
  const local = match[1]!.length === 16 ? `${match[1]}:00` : match[1]!;
  return { checkpointTime: local, occurredAt: match[2] ? new Date(value).toISOString() : null };
}

function checkpointsOf(raw: unknown): CheckpointInput[] {
  return (Array.isArray(raw) ? raw : []).flatMap((entry) => {
    const checkpoint = object(entry);
    const time = checkpoint && timeOf(checkpoint.checkpoint_time);
    const tag = text(checkpoint?.tag);
    if (!checkpoint || !time || !tag || !isTag(tag)) return [];
    const coordinate = object(checkpoint.coordinate);
    const latitude = Number(coordinate?.latitude);
    const longitude = Number(coordinate?.longitude);
    return [
      {
        ...time,
        message: text(checkpoint.message) ?? "",
        location: text(checkpoint.location),
        city: text(checkpoint.city),
        state: text(checkpoint.state),
        zip: text(checkpoint.zip),
        countryIso3: countryIso3(text(checkpoint.country_region) ?? text(checkpoint.country_iso3)),
        countryName: text(checkpoint.country_region_name) ?? text(checkpoint.country_name),
        coordinates: Number.isFinite(latitude) && Number.isFinite(longitude) && coordinate ? [latitude, longitude] : [],
        tag,
        subtag: text(checkpoint.subtag) ?? `${tag}_001`,
        subtagMessage: text(checkpoint.subtag_message) ?? tag,
        rawTag: text(checkpoint.raw_tag),
        source: checkpoint.source === "user" ? "user" : "carrier",
      },
    ];
  });
}

/**
 * Reads one tracking of AfterShip's API (2025-04 names, the older ones where they differ) into
 * what Waybill stores: every field a create takes, the status and checkpoints as history, the
 * courier's estimate and whether AfterShip still followed it. Throws an `InvalidError` naming why a
 * tracking cannot be taken (no id or number).
 */
export function readAfterShipTracking(json: Json): ImportedTracking {
  const externalId = text(json.id);
  const trackingNumber = text(json.tracking_number);
  if (!externalId || !trackingNumber) throw new InvalidError("tracking_number", "missing", "no id or tracking number");
  const customers = customersOf(json.customers);
  const emails = [
    ...new Set([
      ...customers.flatMap((customer) => (customer.email ? [customer.email] : [])),
      ...texts(json.emails).flatMap((email) => reachableEmail(email) ?? []),
    ]),
  ];
  const smses = [
    ...new Set([
      ...customers.flatMap((customer) => (customer.phone_number ? [customer.phone_number] : [])),
      ...texts(json.smses).flatMap((phone) => reachablePhone(phone) ?? []),
    ]),
  ];
  const fields: TrackingPatch = {
    title: text(json.title)?.slice(0, 512),
    note: text(json.note)?.slice(0, 2048),
    language: text(json.language),
    orderId: text(json.order_id),
    orderIdPath: text(json.order_id_path),
    orderNumber: text(json.order_number),
    orderDate: text(json.order_date),
    orderPromisedDeliveryDate: text(json.order_promised_delivery_date),
    orderTags: texts(json.order_tags).slice(0, 50),
    shipmentTags: texts(json.shipment_tags).slice(0, 50),
    shipmentType: text(json.shipment_type),
    deliveryType: text(json.delivery_type),
    pickupLocation: text(json.pickup_location),
    pickupNote: text(json.pickup_note),
    customFields: customFieldsOf(json.custom_fields),
    customers,
    emails: emails.slice(0, 3),
    smses: smses.slice(0, 3),
    customerName: customers.find((customer) => customer.name)?.name ?? text(json.customer_name),
    originCountryIso3: countryIso3(text(json.origin_country_region) ?? text(json.origin_country_iso3)),
    originState: text(json.origin_state),
    originCity: text(json.origin_city),
    originPostalCode: text(json.origin_postal_code),
    originRawLocation: text(json.origin_raw_location),
    destinationCountryIso3: countryIso3(text(json.destination_country_region) ?? text(json.destination_country_iso3)),
    destinationState: text(json.destination_state),
    destinationCity: text(json.destination_city),
    destinationPostalCode: text(json.destination_postal_code),
    destinationRawLocation: text(json.destination_raw_location),
    trackingAccountNumber: text(json.tracking_account_number),
    trackingKey: text(json.tracking_key),
    trackingShipDate: text(json.tracking_ship_date),
  };
  const tag = text(json.tag);
  const status =
    tag && isTag(tag)
      ? { tag, subtag: text(json.subtag) ?? `${tag}_001`, subtagMessage: text(json.subtag_message) ?? tag }
      : { tag: "Pending" as Tag, subtag: "Pending_001", subtagMessage: "Pending" };
  const courierEstimate = object(json.courier_estimated_delivery_date);
  const createdAt = text(json.created_at);
  return {
    externalId,
    create: {
      trackingNumber,
      slugs: text(json.slug) ? [text(json.slug)!] : [],
      fields: Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== null && value !== undefined)),
    },
    status,
    checkpoints: checkpointsOf(json.checkpoints),
    active: json.active !== false,
    createdAt: createdAt && !Number.isNaN(Date.parse(createdAt)) ? new Date(createdAt) : null,
    expectedDelivery: text(courierEstimate?.estimated_delivery_date) ?? text(json.expected_delivery),
    signedBy: text(json.signed_by),
  };
}
