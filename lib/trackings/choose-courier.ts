import type { Organization } from "@/db/schema";
import { InvalidError } from "@/lib/domain-errors";
import { detectCouriers } from "@/lib/couriers/detect-courier";
import { getCourier } from "@/lib/couriers/get-courier";
import type { Courier, SlugGroup } from "@/lib/couriers/types";

export interface CourierChoiceInput {
  trackingNumber: string;
  /** One slug: used as given. Several: detection among them. None: detection. */
  slugs: string[];
  slugGroup?: SlugGroup;
  originCountryIso3?: string | null;
  destinationCountryIso3?: string | null;
}

/**
 * The courier a new tracking gets. With no slug, detection runs; when the organisation keeps a
 * preferred list, the chosen courier must be on it (the compatible API's "activated couriers").
 */
export function chooseCourier(organization: Organization, input: CourierChoiceInput): Courier {
  if (input.slugs.length === 1) {
    const courier = getCourier(input.slugs[0]!);
    if (!courier) throw new InvalidError("slug", "unknown", `The value of \`slug\` is invalid: no courier has the slug "${input.slugs[0]}".`);
    return courier;
  }
  for (const slug of input.slugs) {
    if (!getCourier(slug)) throw new InvalidError("slug", "unknown", `The value of \`slug\` is invalid: no courier has the slug "${slug}".`);
  }
  const preferred = organization.preferredCouriers;
  const candidates = detectCouriers({
    trackingNumber: input.trackingNumber,
    slugs: input.slugs.length ? input.slugs : undefined,
    slugGroup: input.slugGroup,
    preferredSlugs: preferred,
    originCountryIso3: input.originCountryIso3 ?? undefined,
    destinationCountryIso3: input.destinationCountryIso3 ?? undefined,
  });
  if (candidates.length === 0) {
    const scope = input.slugGroup
      ? `does not belong to the slug group "${input.slugGroup}"`
      : input.slugs.length
        ? `matches none of the couriers ${input.slugs.join(", ")}`
        : "does not match the number format of any courier";
    throw new InvalidError("tracking_number", "undetectable", `Cannot detect courier: the tracking number ${scope}. Send \`slug\` to choose the courier.`);
  }
  // An explicit slug list is the caller's own approval; otherwise honour the preferred list.
  if (input.slugs.length === 0 && preferred.length > 0) {
    const approved = candidates.find((candidate) => preferred.includes(candidate.courier.slug));
    if (!approved) {
      const found = candidates.slice(0, 3).map((candidate) => candidate.courier.slug);
      throw new InvalidError(
        "tracking_number",
        "undetectable",
        `Cannot detect courier: the tracking number matches ${found.join(", ")}, which ${found.length > 1 ? "are" : "is"} not among the organisation's preferred couriers. Add the courier in Settings › Couriers or send \`slug\`.`,
      );
    }
    return approved.courier;
  }
  return candidates[0]!.courier;
}
