/** 2025-04 names for the legacy additional fields, in messages and courier objects. */
export const FIELD_NAMES_2025_04: Record<string, string> = {
  tracking_postal_code: "destination_postal_code",
  tracking_state: "destination_state",
  tracking_origin_country: "origin_country_region",
  tracking_destination_country: "destination_country_region",
};

/** A message with the legacy field names replaced by the 2025-04 ones (the dashboard and 2025+ APIs speak these). */
export function renameFields2025(message: string): string {
  return Object.entries(FIELD_NAMES_2025_04).reduce((text, [legacy, current]) => text.replaceAll(legacy, current), message);
}
