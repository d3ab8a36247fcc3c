import { CATALOGUE } from "./catalogue";
import type { Courier } from "./types";

const BY_SLUG: ReadonlyMap<string, Courier> = new Map(CATALOGUE.map((courier) => [courier.slug, courier]));

/** The courier with this slug, or undefined when Waybill does not know it. */
export function getCourier(slug: string): Courier | undefined {
  return BY_SLUG.get(slug);
}
