import { expect, test } from "@playwright/test";
import { AfterShip, AuthType } from "aftership-tracking-sdk-17";

// The newest official client, @aftership/tracking-sdk@17.0.0, unchanged: it calls /tracking/2026-07/….
const baseURL = process.env.WAYBILL_E2E_BASE_URL!;
const apiKey = process.env.WAYBILL_E2E_API_KEY!;

test("@aftership/tracking-sdk@17.0.0 drives every method of 2026-07", async () => {
  const client = new AfterShip({ api_key: apiKey, domain: baseURL, max_retry: 0 });
  const number = `ITD-1-${Date.now()}`;

  const created = await client.tracking.createTracking({
    tracking_number: number,
    slug: "testing-courier",
    title: "SDK 2026-07",
    order_id: "SDK-2607",
    order_promised_delivery_date: { promised_delivery_date_min: "2026-08-01T09:00:00", promised_delivery_date_max: "2026-08-02T18:00:00" },
    customers: [{ id: "cust-1", name: "Ana", email: "ana@example.com" }],
  } as any);
  const id = created.data!.id!;
  expect(created.response_headers["as-api-version"]).toBe("2026-07");
  expect(created.data).toMatchObject({ tracking_number: number, tag: "Pending", customers: [{ id: "cust-1", name: "Ana" }] });
  expect((created.data as any).order_promised_delivery_date).toEqual({
    promised_delivery_date: null,
    promised_delivery_date_min: "2026-08-01T09:00:00",
    promised_delivery_date_max: "2026-08-02T18:00:00",
  });

  const fetched = await client.tracking.getTrackingById(id);
  expect(fetched.data).toMatchObject({ id, shipment_direction: null, return_shipment: null });
  expect(fetched.data).not.toHaveProperty("last_mile_tracking_supported");

  // A second tracking of its own, so paging has two pages whatever other specs created.
  await client.tracking.createTracking({ tracking_number: `ITD-2-${Date.now()}`, slug: "testing-courier" } as any);
  const firstPage = await client.tracking.getTrackings({ limit: 1 } as any);
  expect(firstPage.data?.trackings).toHaveLength(1);
  expect(firstPage.data?.pagination?.has_next_page).toBe(true);
  const secondPage = await client.tracking.getTrackings({ limit: 1, cursor: firstPage.data!.pagination!.next_cursor! } as any);
  expect(secondPage.data?.trackings?.[0]?.id).not.toBe(firstPage.data!.trackings![0]!.id);

  const updated = await client.tracking.updateTrackingById(id, { title: "Renamed", shipment_direction: "forward" } as any);
  expect(updated.data).toMatchObject({ title: "Renamed", shipment_direction: "forward" });
  const completed = await client.tracking.markTrackingCompletedById(id, { reason: "DELIVERED" } as any);
  expect(completed.data).toMatchObject({ tag: "Delivered", active: false });
  const retracked = await client.tracking.retrackTrackingById(id);
  expect(retracked.data).toMatchObject({ id, active: true });

  const couriers = await client.courier.getCouriers({ slug: "ups,fedex" } as any);
  expect(couriers.data?.couriers?.map((courier: any) => courier.slug).sort()).toEqual(["fedex", "ups"]);
  const detected = await client.courier.detectCourier({ tracking_number: "1Z999AA10123456784" } as any);
  expect(detected.data?.couriers?.[0]?.slug).toBe("ups");

  const connection = await client.courierConnection.postCourierConnections({
    courier_slug: "dhl-api",
    credentials: { api_key: "sdk-2607-dhl-key" },
  } as any);
  const connectionId = connection.data!.id!;
  expect(connection.data).toMatchObject({ courier_slug: "dhl-api" });
  const connections = await client.courierConnection.getCourierConnections({ courier_slug: "dhl-api" } as any);
  expect(connections.data?.courier_connections?.map((entry: any) => entry.id)).toContain(connectionId);
  const oneConnection = await client.courierConnection.getCourierConnectionsById(connectionId);
  expect(oneConnection.data?.id).toBe(connectionId);
  const changed = await client.courierConnection.putCourierConnectionsById(connectionId, { credentials: { api_key: "sdk-2607-dhl-key-2" } } as any);
  expect(changed.data?.id).toBe(connectionId);
  const removed = await client.courierConnection.deleteCourierConnectionsById(connectionId);
  expect(removed.data?.id).toBe(connectionId);

  const address = (postal_code: string, state: string) => ({ country_region: "USA", state, postal_code });
  const edd = { slug: "fedex", origin_address: address("90001", "CA"), destination_address: address("10001", "NY"), pickup_time: "2026-08-03 15:00:00" };
  const predicted = await client.estimatedDeliveryDate.predict(edd as any);
  expect(predicted.data).toMatchObject({ slug: "fedex", estimated_delivery_date: expect.any(String) });
  const batch = await client.estimatedDeliveryDate.predictBatch({ estimated_delivery_dates: [edd, edd] } as any);
  expect((batch.data as any).estimated_delivery_dates).toHaveLength(2);

  const deleted = await client.tracking.deleteTrackingById(id);
  expect(deleted.data?.id).toBe(id);
  await expect(client.tracking.getTrackingById(id)).rejects.toMatchObject({ meta_code: 4004, status_code: 404 });
});

test("@aftership/tracking-sdk@17.0.0 signing its requests (auth_type AES) works with the key's API secret, and not with another", async () => {
  const signing = new AfterShip({ api_key: apiKey, api_secret: process.env.WAYBILL_E2E_API_SECRET!, auth_type: AuthType.AES, domain: baseURL, max_retry: 0 });
  const number = `ITD-1-${Date.now()}`;
  const created = await signing.tracking.createTracking({ tracking_number: number, slug: "testing-courier", title: "Signed" } as any);
  expect(created.data).toMatchObject({ tracking_number: number, title: "Signed" });
  const listed = await signing.tracking.getTrackings({ tracking_numbers: number, limit: 5 } as any);
  expect(listed.data?.trackings?.map((tracking) => tracking.id)).toEqual([created.data!.id]);
  const fetched = await signing.tracking.getTrackingById(created.data!.id!);
  expect(fetched.data?.title).toBe("Signed");

  const forger = new AfterShip({ api_key: apiKey, api_secret: "a-guessed-secret", auth_type: AuthType.AES, domain: baseURL, max_retry: 0 });
  const refused = await forger.tracking.getTrackingById(created.data!.id!).catch((error: unknown) => error);
  expect(refused).toMatchObject({ meta_code: 401 });
  expect(String((refused as { status_code?: unknown }).status_code)).toBe("401");
});
