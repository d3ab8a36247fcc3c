import { ADDITIONAL_FIELDS, type AdditionalField, type AdditionalFields, type Courier } from "./types";

const FIELD_NAMES: ReadonlySet<string> = new Set(ADDITIONAL_FIELDS);

function isBlank(value: string | null | undefined): value is null | undefined | "" {
  return value === null || value === undefined || value.trim() === "";
}

/** The courier's required fields that `supplied` lacks; blank strings count as missing. */
export function missingRequiredFields(courier: Courier, supplied: AdditionalFields): AdditionalField[] {
  return courier.requiredFields.filter((field) => isBlank(supplied[field]));
}

/**
 * The courier's tracking page for this number, or null when the courier has none or the template
 * needs a field that was not supplied (a link without it would not find the parcel).
 */
export function courierTrackingLink(courier: Courier, trackingNumber: string, fields: AdditionalFields = {}): string | null {
  const template = courier.trackingLinkTemplate;
  if (!template) return null;
  let complete = true;
  const link = template.replace(/\{([a-z_]+)\}/g, (_placeholder, name: string) => {
    const value = name === "tracking_number" ? trackingNumber : FIELD_NAMES.has(name) ? fields[name as AdditionalField] : null;
    if (isBlank(value)) {
      complete = false;
      return "";
    }
    return encodeURIComponent(value.trim());
  });
  return complete ? link : null;
}
