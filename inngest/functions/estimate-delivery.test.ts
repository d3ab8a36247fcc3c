import { describe, expect, it } from "vitest";
import { inngest } from "@/lib/events/client";
import { planFunctions } from "@/inngest/embedded/config-check";
import { createSdkHandler } from "@/inngest/embedded/sdk-handler";
import { concurrencyKeyFor } from "@/inngest/embedded/triggers";
import { estimateDelivery } from "./estimate-delivery";

describe("estimate-delivery's concurrency", () => {
  it("holds one run per tracking of an organisation: two organisations with the same tracking id do not wait on each other", async () => {
    const [plan] = planFunctions(await createSdkHandler(inngest, [estimateDelivery]).configs());
    const requested = (organizationId: string) => ({ id: "e", name: "tracking/estimate.requested", data: { organizationId, trackingId: "order-1001" }, ts: 0 });
    expect(concurrencyKeyFor(plan!, requested("org-a"))).not.toBe(concurrencyKeyFor(plan!, requested("org-b")));
    expect(concurrencyKeyFor(plan!, requested("org-a"))).toBe(concurrencyKeyFor(plan!, requested("org-a")));
  });
});
