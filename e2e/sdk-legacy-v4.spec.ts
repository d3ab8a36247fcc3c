import { expect, test } from "@playwright/test";
import { AfterShip } from "aftership";

// The published legacy client, unchanged, pointed at our /v4 (compat-reference §14.1).
const baseURL = process.env.WAYBILL_E2E_BASE_URL!;
const apiKey = process.env.WAYBILL_E2E_API_KEY!;

test("aftership@8.1.0 drives trackings, notifications, last checkpoint and couriers on /v4", async () => {
  const client = new AfterShip(apiKey, { endpoint: `${baseURL}/v4` } as never);
  const number = `ITOD-1-${Date.now()}`;

  const created: any = await client.tracking.createTracking({
    tracking: { slug: "testing-courier", tracking_number: number, title: "SDK order", emails: ["buyer@example.com"] },
  } as any);
  expect(created.tracking).toMatchObject({ tracking_number: number, slug: "testing-courier", tag: "Pending", title: "SDK order" });
  const id = created.tracking.id;

  const byId: any = await client.tracking.getTracking({ id });
  expect(byId.tracking.id).toBe(id);
  const bySlug: any = await client.tracking.getTracking({ slug: "testing-courier", tracking_number: number }, { fields: "title,tag" });
  expect(bySlug.tracking).toEqual({ id, title: "SDK order", tag: "Pending" });

  const listed: any = await client.tracking.listTrackings({ slug: "testing-courier", limit: 50 } as any);
  expect(listed.trackings.map((tracking: any) => tracking.id)).toContain(id);
  expect(listed.count).toBeGreaterThanOrEqual(1);

  const updated: any = await client.tracking.updateTracking({ id }, { tracking: { title: "Renamed", order_id: "#42" } } as any);
  expect(updated.tracking).toMatchObject({ title: "Renamed", order_id: "#42" });

  const added: any = await client.notification.addNotification({ id }, { notification: { smses: ["+85291234567"] } } as any);
  expect(added.notification.smses).toEqual(["+85291234567"]);
  const removed: any = await client.notification.removeNotification({ slug: "testing-courier", tracking_number: number }, {
    notification: { emails: ["buyer@example.com"] },
  } as any);
  expect(removed.notification.emails).toEqual([]);
  const contacts: any = await client.notification.getNotification({ id });
  expect(contacts.notification).toMatchObject({ emails: [], smses: ["+85291234567"] });

  const completed: any = await client.tracking.markAsCompleted({ id }, { reason: "DELIVERED" } as any);
  expect(completed.tracking).toMatchObject({ tag: "Delivered", active: false });
  const last: any = await client.last_checkpoint.getLastCheckpoint({ id });
  expect(last).toMatchObject({ id, tag: "Delivered", checkpoint: { subtag: "Delivered_001" } });

  const retracked: any = await client.tracking.retrack({ id });
  expect(retracked.tracking).toMatchObject({ id, active: true });

  const couriers: any = await client.courier.listCouriers();
  expect(couriers.total).toBeGreaterThan(0);
  const all: any = await client.courier.listAllCouriers();
  expect(all.total).toBeGreaterThanOrEqual(150);
  const detected: any = await client.courier.detectCouriers({ tracking: { tracking_number: "1Z999AA10123456784" } } as any);
  expect(detected.couriers[0].slug).toBe("ups");

  const deleted: any = await client.tracking.deleteTracking({ id });
  expect(deleted.tracking).toMatchObject({ id, tracking_number: number });
  await expect(client.tracking.getTracking({ id })).rejects.toMatchObject({ code: 4004, type: "NotFound" });
  expect(Number(client.rate_limit.limit)).toBe(10);
});

test("aftership@8.1.0 surfaces our error envelope as its AftershipError", async () => {
  const client = new AfterShip(apiKey, { endpoint: `${baseURL}/v4` } as never);
  await expect(client.tracking.createTracking({ tracking: { slug: "no-such-courier", tracking_number: "12345678" } } as any)).rejects.toMatchObject({
    code: 4010,
    type: "BadRequest",
  });
  const stranger = new AfterShip("wb_notakey", { endpoint: `${baseURL}/v4` } as never);
  await expect(stranger.courier.listCouriers()).rejects.toMatchObject({ code: 401, type: "Unauthorized" });
});
