import { z } from "zod";
import { dashboardRoute, readJson } from "@/lib/dashboard/dashboard-route";
import { setLowRatingRule } from "@/lib/trackings/feedback/low-rating-rule";

/** Switches the rule that puts a delivery rated 1 or 2 in the needs-attention queue. */
export const PUT = dashboardRoute(
  async ({ request, db, user }) => {
    const { on } = await readJson(request, z.object({ on: z.boolean() }));
    await setLowRatingRule(db, user.organization.id, on);
    return { attentionOnLowRating: on };
  },
  { adminOnly: true },
);
