import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { CLIENT_ADDRESS_HEADER } from "@/lib/http/client-address";
import { callApi } from "@/testing/api-client";
import { setupTestDatabase } from "@/testing/setup-test-database";
import { withTestEncryptionKey } from "@/testing/encryption-key";
import { createTenant } from "@/testing/factories";
import { FAILED_LOOKUPS_PER_ADDRESS } from "./lookup-attempts";
import { answerLookup, pageTrackingFor } from "./page-requests";
import { pageShipment } from "./page-view";

const database = setupTestDatabase();
withTestEncryptionKey();

async function merchantWithOrder() {
  const { organization, key } = await createTenant(database.db);
  const trackingNumber = `WB${randomUUID().slice(0, 10).toUpperCase()}`;
  const created = await callApi("POST", "/2025-04/trackings", {
    key,
    body: {
      tracking_number: trackingNumber,
      slug: "testing-courier",
      order_number: "A-1001",
      destination_postal_code: "SW1A 1AA",
      customers: [{ role: "buyer", name: "Jane Doe", email: "Jane.Doe@example.com", phone_number: "+14155550123" }],
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return { organization, trackingNumber, trackingId: created.body.data.id as string };
}

/** A lookup posted from `address`, as the form sends it. */
function lookup(organizationId: string, fields: Record<string, string>, address = `198.51.100.${Math.floor(Math.random() * 250)}`) {
  const request = new Request(`http://waybill.test/t/${organizationId}/lookup`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", [CLIENT_ADDRESS_HEADER]: address },
    body: new URLSearchParams(fields),
  });
  return answerLookup(request, organizationId);
}

const tokenOf = (response: Response) => response.headers.get("location")!.split("/").at(-1)!.split("?")[0]!;

describe("the tracking page's lookups", () => {
  it("open the public view by tracking number alone: no name, e-mail, phone or street", async () => {
    const { organization, trackingNumber, trackingId } = await merchantWithOrder();
    const response = await lookup(organization.id, { number: trackingNumber.toLowerCase(), lang: "en" });
    expect(response.status).toBe(303);
    const opened = await pageTrackingFor(organization.id, tokenOf(response));
    expect(opened).toMatchObject({ kind: "public", record: { tracking: { id: trackingId } } });
    const shown = JSON.stringify(pageShipment(opened!.record, opened!.kind, "en"));
    for (const personal of ["Jane", "Doe", "example.com", "4155550123", "A-1001", "SW1A"]) expect(shown).not.toContain(personal);
  });

  it("open the full view by order number with the order's e-mail (any case) or postal code (any spacing)", async () => {
    const { organization, trackingId } = await merchantWithOrder();
    for (const contact of ["jane.doe@EXAMPLE.com", "sw1a1aa"]) {
      const response = await lookup(organization.id, { order: "A-1001", contact });
      const opened = await pageTrackingFor(organization.id, tokenOf(response));
      expect(opened?.kind, contact).toBe("full");
      expect(opened?.record.tracking.id).toBe(trackingId);
      // The order and the first name reassure the shopper; the rest stays private.
      expect(pageShipment(opened!.record, "full", "en").order).toEqual({ number: "A-1001", customerName: "Jane" });
    }
  });

  it("answer every failure alike, whether or not the order exists, and never across organisations", async () => {
    const { organization, trackingNumber } = await merchantWithOrder();
    const { organization: other } = await createTenant(database.db);
    const wrongContact = await lookup(organization.id, { order: "A-1001", contact: "someone@example.com", lang: "de" });
    const noOrder = await lookup(organization.id, { order: "Z-9999", contact: "someone@example.com", lang: "de" });
    const foreign = await lookup(other.id, { number: trackingNumber, lang: "de" });
    for (const response of [wrongContact, noOrder]) {
      expect(response.status).toBe(303);
      expect(response.headers.get("location")).toBe(`/t/${organization.id}?lang=de&failed=1`);
    }
    expect(foreign.headers.get("location")).toBe(`/t/${other.id}?lang=de&failed=1`);
  });

  it("refuse an address after repeated failed lookups (429), while another address still finds its shipment", async () => {
    const { organization, trackingNumber } = await merchantWithOrder();
    const guesser = `203.0.113.${Math.floor(Math.random() * 250)}`;
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 30; attempt += 1) {
      statuses.push((await lookup(organization.id, { order: `G-${attempt}`, contact: "guess@example.com" }, guesser)).status);
    }
    expect(statuses.slice(0, FAILED_LOOKUPS_PER_ADDRESS).every((status) => status === 303)).toBe(true);
    expect(statuses.slice(FAILED_LOOKUPS_PER_ADDRESS).every((status) => status === 429)).toBe(true);
    const refused = await lookup(organization.id, { number: trackingNumber }, guesser);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await refused.text()).not.toContain(trackingNumber);
    const neighbour = await lookup(organization.id, { number: trackingNumber }, "192.0.2.77");
    expect(neighbour.status).toBe(303);
    expect(neighbour.headers.get("location")).toContain(".p");
  });

  it("give a found lookup's failure point back: a shopper checking many parcels is not refused", async () => {
    const { organization, trackingNumber } = await merchantWithOrder();
    const shopper = `192.0.2.${Math.floor(Math.random() * 250)}`;
    for (let attempt = 0; attempt < FAILED_LOOKUPS_PER_ADDRESS + 5; attempt += 1) {
      expect((await lookup(organization.id, { number: trackingNumber }, shopper)).status).toBe(303);
    }
  });

  it("read at most a few KB of a lookup, and nothing of one from an address already refused", async () => {
    const { organization, trackingNumber } = await merchantWithOrder();
    const address = `192.0.2.${Math.floor(Math.random() * 250)}`;
    let pulled = 0;
    // 9 MB offered a chunk at a time: what the server pulls is what it read.
    const huge = () =>
      new ReadableStream<Uint8Array>({
        pull(controller) {
          if (pulled >= 9 * 1024 * 1024) return controller.close();
          pulled += 64 * 1024;
          controller.enqueue(new Uint8Array(64 * 1024).fill(97));
        },
      });
    const post = (body: ReadableStream<Uint8Array>) =>
      answerLookup(
        new Request(`http://waybill.test/t/${organization.id}/lookup`, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded", [CLIENT_ADDRESS_HEADER]: address },
          body,
          duplex: "half",
        } as RequestInit),
        organization.id,
      );
    const tooBig = await post(huge());
    expect(tooBig.status).toBe(413);
    expect(pulled).toBeLessThanOrEqual(256 * 1024);

    for (let attempt = 0; attempt < FAILED_LOOKUPS_PER_ADDRESS + 1; attempt += 1)
      await lookup(organization.id, { order: `G-${attempt}`, contact: "x@example.com" }, address);
    pulled = 0;
    const refused = await post(huge());
    expect(refused.status).toBe(429);
    expect(pulled).toBeLessThanOrEqual(64 * 1024);
    expect((await lookup(organization.id, { number: trackingNumber }, "192.0.2.250")).status).toBe(303);
  });
});
