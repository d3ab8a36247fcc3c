import type { Organization } from "@/db/schema";
import { detectCouriers } from "@/lib/couriers/detect-courier";
import { courierOption } from "./courier-options";
import type { CourierSuggestion } from "./types";

const MAX_SUGGESTIONS = 6;

/** Couriers whose number format fits, best first, the organisation's preferred couriers ahead. */
export function suggestCouriers(organization: Organization, trackingNumber: string): CourierSuggestion[] {
  const number = trackingNumber.trim();
  if (number.length < 4) return [];
  const preferred = organization.preferredCouriers;
  return detectCouriers({ trackingNumber: number, preferredSlugs: preferred })
    .slice(0, MAX_SUGGESTIONS)
    .map(({ courier, checksumVerified }) => ({
      ...courierOption(courier),
      preferred: preferred.includes(courier.slug),
      checksum_verified: checksumVerified,
    }));
}
