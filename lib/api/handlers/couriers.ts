import { detectCouriers } from "@/lib/couriers/detect-courier";
import { getCourier } from "@/lib/couriers/get-courier";
import { listCouriers } from "@/lib/couriers/list-couriers";
import type { Courier } from "@/lib/couriers/types";
import type { Organization } from "@/db/schema";
import { ApiError } from "../errors";
import { type ApiHandler, isFrom2025 } from "../types";
import { courierCodecs } from "../versions";
import { booleanParam, listParam } from "../versions/list-query";

/** The organisation's active couriers: its preferred list in order, or every courier without one. */
export function activeCouriers(organization: Organization): Courier[] {
  if (organization.preferredCouriers.length === 0) return listCouriers();
  return organization.preferredCouriers.map(getCourier).filter((courier): courier is Courier => Boolean(courier));
}

export const detectCouriersHandler: ApiHandler = async (ctx) => {
  const codec = courierCodecs[ctx.version];
  const input = codec.parseDetect(ctx.body);
  for (const slug of input.slugs ?? []) {
    if (!getCourier(slug)) throw new ApiError(4010, `The value of \`slug\` is invalid: no courier has the slug "${slug}".`);
  }
  const candidates = detectCouriers({ ...input, preferredSlugs: ctx.organization.preferredCouriers });
  return { data: { total: candidates.length, couriers: candidates.map((candidate) => codec.courier(candidate.courier)) } };
};

/** GET /couriers; 2025-04 also filters by `active` and `slug`. */
export const listActiveCouriersHandler: ApiHandler = async (ctx) => {
  const codec = courierCodecs[ctx.version];
  let couriers = activeCouriers(ctx.organization);
  if (isFrom2025(ctx.version)) {
    const active = booleanParam(ctx.query, "active");
    if (active === false) {
      const activeSlugs = new Set(couriers.map((courier) => courier.slug));
      couriers = listCouriers().filter((courier) => !activeSlugs.has(courier.slug));
    } else if (active === undefined) {
      couriers = listCouriers();
    }
    const slugs = listParam(ctx.query, "slug")?.map((slug) => slug.toLowerCase());
    if (slugs) couriers = couriers.filter((courier) => slugs.includes(courier.slug));
  }
  return { data: { total: couriers.length, couriers: couriers.map(codec.courier) } };
};

export const listAllCouriersHandler: ApiHandler = async (ctx) => {
  const codec = courierCodecs[ctx.version];
  const couriers = listCouriers();
  return { data: { total: couriers.length, couriers: couriers.map(codec.courier) } };
};
