import { ApiError } from "@/lib/api/errors";
import { TAGS } from "@/lib/tags";
import { DEFAULT_LIST_LIMIT, MAX_LIST_LIMIT, type TrackingListFilter } from "@/lib/trackings/list-trackings";
import { parseInstant } from "@/lib/time";

/** Data is listed from the last 120 days unless a window is given (compat-reference §4.1). */
export const DEFAULT_WINDOW_DAYS = 120;

export function listParam(query: URLSearchParams, name: string): string[] | undefined {
  const values = query
    .getAll(name)
    .flatMap((value) => value.split(","))
    .map((value) => value.trim())
    .filter(Boolean);
  return values.length ? values : undefined;
}

export function instantParam(query: URLSearchParams, name: string, { lenient = false } = {}): Date | undefined {
  const value = query.get(name);
  if (value === null || value.trim() === "") return undefined;
  const instant = parseInstant(value);
  if (!instant && lenient) return undefined;
  if (!instant) throw new ApiError(4008, `The value of \`${name}\` is invalid: expected an ISO 8601 date-time such as 2024-01-01T00:00:00+08:00.`);
  return instant;
}

export function integerParam(query: URLSearchParams, name: string, { min, max }: { min: number; max?: number }): number | undefined {
  const value = query.get(name);
  if (value === null || value.trim() === "") return undefined;
  const number = Number(value);
  // Beyond safe integers a number prints as 1e+24, which no SQL integer accepts.
  if (!Number.isSafeInteger(number) || number < min || (max !== undefined && number > max)) {
    throw new ApiError(4008, `The value of \`${name}\` is invalid: expected a whole number from ${min}${max ? ` to ${max}` : " up"}.`);
  }
  return number;
}

export function booleanParam(query: URLSearchParams, name: string): boolean | undefined {
  const value = query.get(name);
  if (value === null || value === "") return undefined;
  if (value === "true") return true;
  if (value === "false") return false;
  throw new ApiError(4008, `The value of \`${name}\` is invalid: expected true or false.`);
}

export function limitParam(query: URLSearchParams): number {
  return integerParam(query, "limit", { min: 1, max: MAX_LIST_LIMIT }) ?? DEFAULT_LIST_LIMIT;
}

export interface ListFilterOptions {
  /** 2025-04 renamed `courier_destination_country_iso3`. */
  courierDestination?: string;
  /** Before 2025-01 an invalid time filter fell back to its default instead of failing (compat-reference §2.1). */
  lenientTimes?: boolean;
}

/** The filters every version shares, under the names given (2025-04 renames some). */
export function commonListFilter(query: URLSearchParams, options: ListFilterOptions = {}): TrackingListFilter {
  const { courierDestination = "courier_destination_country_iso3", lenientTimes = false } = options;
  const time = (name: string) => instantParam(query, name, { lenient: lenientTimes });
  const tags = listParam(query, "tag");
  for (const tag of tags ?? []) {
    if (!(TAGS as readonly string[]).includes(tag)) {
      throw new ApiError(4008, `The value of \`tag\` is invalid: expected one of ${TAGS.join(", ")}.`);
    }
  }
  const trackingNumbers = listParam(query, "tracking_numbers");
  if (trackingNumbers && trackingNumbers.length > 50) {
    throw new ApiError(4008, "The value of `tracking_numbers` is invalid: at most 50 numbers.");
  }
  return {
    keyword: query.get("keyword")?.trim() || undefined,
    trackingNumbers,
    slugs: listParam(query, "slug")?.map((slug) => slug.toLowerCase()),
    tags,
    origin: listParam(query, "origin")?.map((code) => code.toUpperCase()),
    destination: listParam(query, "destination")?.map((code) => code.toUpperCase()),
    courierDestination: listParam(query, courierDestination)?.map((code) => code.toUpperCase()),
    createdAtMin: time("created_at_min"),
    createdAtMax: time("created_at_max"),
    updatedAtMin: time("updated_at_min"),
    updatedAtMax: time("updated_at_max"),
    returnToSender: booleanParam(query, "return_to_sender"),
    shipmentTags: listParam(query, "shipment_tags"),
    orderId: query.get("order_id")?.trim() || undefined,
    transitTimeDays: integerParam(query, "transit_time", { min: 0 }) ?? integerParam(query, "delivery_time", { min: 0 }),
  };
}

/** The 120-day default window, applied where the caller gave none. */
export function withDefaultWindow(filter: TrackingListFilter, createdAtMax: Date): TrackingListFilter & { createdAtMin: Date; createdAtMax: Date } {
  const max = filter.createdAtMax ?? createdAtMax;
  const min = filter.createdAtMin ?? new Date(max.getTime() - DEFAULT_WINDOW_DAYS * 86_400_000);
  if (min > max) throw new ApiError(4008, "The value of `created_at_min` is invalid: it is later than `created_at_max`.");
  return { ...filter, createdAtMin: min, createdAtMax: max };
}
