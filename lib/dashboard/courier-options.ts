import { FIELD_NAMES_2025_04 } from "@/lib/couriers/field-names-2025";
import type { Courier } from "@/lib/couriers/types";
import { listCouriers } from "@/lib/couriers/list-couriers";
import type { CourierOption } from "./types";

/** A courier as a form offers it: its required fields under their 2025-04 names. */
export function courierOption(courier: Courier): CourierOption {
  const required_fields = courier.requiredFields.map((field) => FIELD_NAMES_2025_04[field] ?? field);
  return { slug: courier.slug, name: courier.name, required_fields };
}

/** The whole catalogue, by name, for pickers (the browser filters it), with how each is followed when that is asked. */
export function listCourierOptions(following?: (slug: string) => CourierOption["following"]): CourierOption[] {
  return listCouriers()
    .map((courier) => (following ? { ...courierOption(courier), following: following(courier.slug) } : courierOption(courier)))
    .sort((a, b) => a.name.localeCompare(b.name));
}
