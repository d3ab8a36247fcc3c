import { getCourier } from "@/lib/couriers/get-courier";
import { DEFAULT_ORDER_CUTOFF_TIME } from "@/lib/edd/compute-pickup";
import { MONDAY_TO_FRIDAY } from "@/lib/edd/business-days";
import { type Prediction } from "@/lib/edd/predict-delivery";
import { MAX_BATCH_ITEMS, type PredictionItem, predictionItemSchema } from "@/lib/edd/prediction-request-schema";
import { newId } from "@/lib/ids";
import { ApiError, invalidValue, requiredValue } from "../errors";
import type { ApiVersion } from "../types";
import { zodErrorToApiError } from "../validation";
import { asObject } from "./tracking-fields";

// Estimated-delivery-date requests and answers per version (compat-reference §9): the address's
// country key is `country` before 2025-01 and `country_region` after; the confidence is v4's
// `confidence_score` and later versions' `confidence_code`.

const BATCH_FIELD = "estimated_delivery_dates";

/**
 * One request item, errors naming the field under `prefix` (the item's place in a batch): 4009 when
 * a field is missing, or both of a pair where one is needed (state or postal_code), 4010 for an
 * unknown courier, 4008 otherwise.
 */
function parseItem(version: ApiVersion, input: unknown, prefix: string[]): PredictionItem {
  const result = predictionItemSchema(version).safeParse(input);
  if (result.success) {
    const { slug } = result.data;
    if (getCourier(slug.toLowerCase())) return result.data;
    throw new ApiError(4010, `The value of \`${[...prefix, "slug"].join(".")}\` is invalid: no courier has the slug "${slug}".`);
  }
  const issue = result.error.issues[0]!;
  // The schema's "a or b is required" refinements.
  const oneOf = issue.code === "custom" ? /^(.+) is required$/.exec(issue.message) : null;
  if (oneOf) {
    const field = [...prefix, ...issue.path.map(String)].join(".");
    throw new ApiError(4009, `\`${field}\` is required: send ${oneOf[1]}.`);
  }
  throw zodErrorToApiError(result.error, input, prefix);
}

/** The `predict` body: one item. */
export function parsePredictItem(version: ApiVersion, body: unknown): PredictionItem {
  return parseItem(version, asObject(body), []);
}

/** The `predict-batch` body: 1 to 5 items, all valid, or the whole call is refused naming the first bad item. */
export function parsePredictBatch(version: ApiVersion, body: unknown): PredictionItem[] {
  const items = asObject(body)[BATCH_FIELD];
  if (items === undefined || items === null) throw requiredValue(BATCH_FIELD);
  if (!Array.isArray(items)) throw invalidValue(BATCH_FIELD, "expected an array of items.");
  if (items.length === 0) throw invalidValue(BATCH_FIELD, "send at least one item.");
  if (items.length > MAX_BATCH_ITEMS) throw invalidValue(BATCH_FIELD, `at most ${MAX_BATCH_ITEMS} items per request, got ${items.length}.`);
  return items.map((item, index) => parseItem(version, item, [`${BATCH_FIELD}[${index}]`]));
}

function address(input: PredictionItem["origin_address"]) {
  const { state, city, postal_code, raw_location, ...country } = input;
  return { ...country, state: state ?? null, city: city ?? null, postal_code: postal_code ?? null, raw_location: raw_location ?? null };
}

/** The answer for one item: the request echoed with its defaults filled in, plus the prediction. */
export function predictionAnswer(version: ApiVersion, item: PredictionItem, prediction: Prediction) {
  const pickup = item.estimated_pickup;
  return {
    id: newId(),
    slug: item.slug,
    service_type_name: item.service_type_name ?? null,
    origin_address: address(item.origin_address),
    destination_address: address(item.destination_address),
    weight: item.weight ?? null,
    package_count: item.package_count ?? null,
    pickup_time: prediction.pickupTime,
    estimated_pickup: pickup
      ? {
          order_time: pickup.order_time,
          order_cutoff_time: pickup.order_cutoff_time ?? DEFAULT_ORDER_CUTOFF_TIME,
          business_days: pickup.business_days ?? [...MONDAY_TO_FRIDAY],
          order_processing_time: { unit: "day", value: pickup.order_processing_time?.value ?? 0 },
          // The pickup the estimate starts from, worked out from the order time.
          pickup_time: prediction.pickupTime,
        }
      : null,
    estimated_delivery_date: prediction.estimatedDeliveryDate,
    ...(version === "v4" ? { confidence_score: prediction.confidenceScore } : { confidence_code: prediction.confidenceCode }),
    estimated_delivery_date_min: prediction.estimatedDeliveryDateMin,
    estimated_delivery_date_max: prediction.estimatedDeliveryDateMax,
  };
}
