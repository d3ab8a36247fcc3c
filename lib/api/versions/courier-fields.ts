import { z } from "zod";
import { requiredValue } from "@/lib/api/errors";
import { parseOrThrow } from "@/lib/api/validation";
import type { Courier } from "@/lib/couriers/types";
import { slugGroupField } from "./tracking-fields";

const iso3 = z
  .string()
  .regex(/^[A-Za-z]{3}$/, "expected an ISO 3166-1 alpha-3 country code")
  .transform((value) => value.toUpperCase())
  .nullable()
  .optional();

/** Detect request fields shared by all versions (legacy names). */
export const detectFields = {
  tracking_number: z.string({ error: "expected a string" }).min(1),
  slug: z.union([z.string(), z.array(z.string())]).optional(),
  slug_group: slugGroupField,
  tracking_postal_code: z.string().nullable().optional(),
  tracking_ship_date: z.string().nullable().optional(),
  tracking_account_number: z.string().nullable().optional(),
  tracking_key: z.string().nullable().optional(),
  tracking_origin_country: z.string().nullable().optional(),
  tracking_destination_country: z.string().nullable().optional(),
  tracking_state: z.string().nullable().optional(),
  origin_country_iso3: iso3,
  destination_country_iso3: iso3,
};

export const detectFields2025 = {
  tracking_number: detectFields.tracking_number,
  slug: detectFields.slug,
  slug_group: slugGroupField,
  destination_postal_code: z.string().nullable().optional(),
  tracking_ship_date: z.string().nullable().optional(),
  tracking_account_number: z.string().nullable().optional(),
  tracking_key: z.string().nullable().optional(),
  destination_state: z.string().nullable().optional(),
  origin_country_region: iso3,
  destination_country_region: iso3,
};

/** A detect body parsed with the version's schema; a blank `tracking_number` is a missing one (4009). */
export function parseDetectBody<T extends z.ZodType>(schema: T, body: Record<string, unknown>, path: string[] = []): z.output<T> {
  const number = body.tracking_number;
  if (typeof number === "string" && number.trim() === "") throw requiredValue([...path, "tracking_number"].join("."));
  return parseOrThrow(schema, body, path);
}

/** The legacy courier object (v4 and 2024-07). */
export function legacyCourier(courier: Courier) {
  return {
    slug: courier.slug,
    name: courier.name,
    phone: courier.phone,
    other_name: courier.otherName,
    web_url: courier.webUrl,
    required_fields: courier.requiredFields,
    optional_fields: courier.optionalFields,
    default_language: courier.defaultLanguage,
    support_languages: courier.supportLanguages,
    service_from_country_iso3: courier.serviceFromCountryIso3,
  };
}
