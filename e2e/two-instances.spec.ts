import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import postgres from "postgres";
import { testingNumber } from "./fixtures/dashboard";
import { startWaybill, type RunningWaybill } from "./fixtures/server";

// Scale mode: two app instances on one PostgreSQL database, taking turns serving one client.
const adminUrl = process.env.WAYBILL_TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const database = `waybill_e2e_${randomBytes(4).toString("hex")}`;
const databaseUrl = Object.assign(new URL(adminUrl), { pathname: `/${database}` }).toString();
const shared = {
  DATABASE_URL: databaseUrl,
  WAYBILL_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
  NEXTAUTH_SECRET: "e2e-two-instances",
  WAYBILL_ADMIN_EMAIL: "admin@waybill.test",
  WAYBILL_ADMIN_PASSWORD: "correct-horse-battery",
};
let instances: RunningWaybill[] = [];
let apiKey = "";

test.beforeAll(async () => {
  const admin = postgres(adminUrl, { max: 1 });
  await admin.unsafe(`create database "${database}"`);
  await admin.end();
  const first = await startWaybill(shared);
  [, apiKey] = (await first.waitFor(/API key: (\S+)/)) as unknown as [string, string];
  const second = await startWaybill(shared);
  await second.waitFor(/Ready in/);
  instances = [first, second];
});

test.afterAll(async () => {
  await Promise.all(instances.map((instance) => instance.stop()));
  const admin = postgres(adminUrl, { max: 1 });
  await admin.unsafe(`drop database if exists "${database}" with (force)`);
  await admin.end();
});

test("pages of a growing list are the same whichever instance serves each page", async ({ request }) => {
  const headers = { "as-api-key": apiKey };
  const create = (instance: RunningWaybill, title: string) =>
    request.post(`${instance.baseURL}/tracking/2024-07/trackings`, {
      headers,
      data: { tracking_number: testingNumber(), slug: "testing-courier", title },
    });
  for (let i = 0; i < 9; i++) {
    const created = await create(instances[i % 2]!, `Old ${i}`);
    expect(created.status(), await created.text()).toBe(201);
  }

  const seen: string[] = [];
  for (let page = 1; page <= 3; page++) {
    // Each page from the other instance, and new trackings arriving between pages.
    const instance = instances[page % 2]!;
    const answer = await request.get(`${instance.baseURL}/tracking/2024-07/trackings?limit=3&page=${page}&slug=testing-courier`, { headers });
    expect(answer.status()).toBe(200);
    const data = (await answer.json()).data;
    expect(data.count).toBe(9);
    seen.push(...data.trackings.map((tracking: { title: string }) => tracking.title));
    expect((await create(instances[(page + 1) % 2]!, `New ${page}`)).status()).toBe(201);
  }
  expect(seen).toEqual(["Old 8", "Old 7", "Old 6", "Old 5", "Old 4", "Old 3", "Old 2", "Old 1", "Old 0"]);
});

test("a create retried with one Idempotency-Key on both instances at once creates one tracking", async ({ request }) => {
  const trackingNumber = testingNumber();
  const send = (instance: RunningWaybill, body: object) =>
    request.post(`${instance.baseURL}/tracking/2026-07/trackings`, {
      headers: { "as-api-key": apiKey, "idempotency-key": `order-${trackingNumber}` },
      data: body,
    });
  const body = { tracking_number: trackingNumber, slug: "testing-courier", title: "Retried" };
  const burst = await Promise.all(instances.flatMap((instance) => [send(instance, body), send(instance, body)]));
  expect(burst.map((answer) => answer.status()).every((status) => status === 201 || status === 409)).toBe(true);

  const ids = new Set<string>();
  for (const instance of instances) {
    const settled = await send(instance, body);
    expect(settled.status()).toBe(201);
    ids.add((await settled.json()).data.id);
  }
  expect(ids.size).toBe(1);
  const listed = await request.get(`${instances[0]!.baseURL}/tracking/2026-07/trackings?tracking_numbers=${trackingNumber}`, {
    headers: { "as-api-key": apiKey },
  });
  expect((await listed.json()).data.trackings).toHaveLength(1);

  const otherBody = await send(instances[1]!, { ...body, title: "Another body" });
  expect(otherBody.status()).toBe(409);
  expect((await otherBody.json()).meta.message).toMatch(/Idempotency-Key/);
});
