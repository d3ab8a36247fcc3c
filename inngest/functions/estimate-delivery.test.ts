import { describe, expect, it } from "vitest";
import { inngest } from "@/lib/events/client";
import { planFunctions } from "@/inngest/embedded/config-check";
import { createSdkHandler } from "@/inngest/embedded/sdk-handler";
import { concurrencyKeyFor } from "@/inngest/embedded/triggers";
import { ESTIMATES_PER_ORGANIZATION, estimateDelivery } from "./estimate-delivery";

describe("estimate-delivery's concurrency", () => {
  it("limits runs per organisation: one organisation's estimates do not wait on another's", async () => {
    const [plan] = planFunctions(await createSdkHandler(inngest, [estimateDelivery]).configs());
    expect(plan!.concurrency?.limit).toBe(ESTIMATES_PER_ORGANIZATION);
    const requested = (organizationId: string) => ({
      id: "e",
      name: "tracking/estimate.requested",
      data: { organizationId, trackingIds: ["order-1001"] },
      ts: 0,
    });
    expect(concurrencyKeyFor(plan!, requested("org-a"))).not.toBe(concurrencyKeyFor(plan!, requested("org-b")));
    expect(concurrencyKeyFor(plan!, requested("org-a"))).toBe(concurrencyKeyFor(plan!, requested("org-a")));
  });
});
