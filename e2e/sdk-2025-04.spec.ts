import { expect, test } from "@playwright/test";
import { AfterShip } from "@aftership/tracking-sdk";
import { createRequire } from "node:module";
import type { AxiosStatic } from "axios";

// The published SDK speaks 2025-07; an interceptor points its version segment at 2025-04
// (compat-reference §14.1), so the 2025-04 handlers are what answers.
const baseURL = process.env.WAYBILL_E2E_BASE_URL!;
const apiKey = process.env.WAYBILL_E2E_API_KEY!;
// The SDK require()s axios: intercept that (CommonJS) instance, not the ESM one an import would give.
const axios = createRequire(import.meta.url)("axios") as AxiosStatic;
const seenPaths: string[] = [];
axios.interceptors.request.use((config) => {
  config.url = config.url?.replace("/tracking/2025-07/", "/tracking/2025-04/");
  seenPaths.push(config.url ?? "");
  return config;
});

test("@aftership/tracking-sdk@15.0.1 drives 2025-04 trackings and couriers", async () => {
  const client = new AfterShip({ api_key: apiKey, domain: baseURL, max_retry: 0 });
  const number = `ITD-1-${Date.now()}`;

  const created = await client.tracking.createTracking({
    tracking_number: number,
    slug: "testing-courier",
    title: "SDK 2025-04",
    customers: [{ name: "Ana", email: "ana@example.com", phone_number: "+34600000000" }],
  } as any);
  const id = created.data!.id!;
  expect(created.data).toMatchObject({ tracking_number: number, tag: "Pending", title: "SDK 2025-04" });
  expect(created.response_headers["as-api-version"]).toBe("2025-04");

  const fetched = await client.tracking.getTrackingById(id);
  expect(fetched.data?.customers?.[0]).toMatchObject({ name: "Ana", email: "ana@example.com" });

  const page = await client.tracking.getTrackings({ limit: 5, keyword: "SDK 2025-04" } as any);
  expect(page.data?.trackings?.map((tracking: any) => tracking.id)).toContain(id);
  expect(page.data?.pagination?.total).toBeGreaterThanOrEqual(1);

  const updated = await client.tracking.updateTrackingById(id, { title: "Renamed", destination_country_region: "ESP" } as any);
  expect(updated.data).toMatchObject({ title: "Renamed", destination_country_region: "ESP" });

  const completed = await client.tracking.markTrackingCompletedById(id, { reason: "DELIVERED" } as any);
  expect(completed.data).toMatchObject({ tag: "Delivered", active: false });
  const retracked = await client.tracking.retrackTrackingById(id);
  expect(retracked.data).toMatchObject({ id, active: true });

  const couriers = await client.courier.getCouriers({ slug: "ups,fedex" } as any);
  expect(couriers.data?.couriers?.map((courier: any) => courier.slug).sort()).toEqual(["fedex", "ups"]);
  const detected = await client.courier.detectCourier({ tracking_number: "1Z999AA10123456784" } as any);
  expect(detected.data?.couriers?.[0]?.slug).toBe("ups");

  const deleted = await client.tracking.deleteTrackingById(id);
  expect(deleted.data?.id).toBe(id);
  await expect(client.tracking.getTrackingById(id)).rejects.toMatchObject({ meta_code: 4004, status_code: 404 });
  expect(seenPaths.every((path) => path.startsWith("/tracking/2025-04/"))).toBe(true);
});
