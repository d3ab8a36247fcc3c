import { describe, expect, it } from "vitest";
import { webhookEventId } from "./create-webhook-deliveries";

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("a webhook's event_id", () => {
  it("is a UUID in version 4's format, the same for every run of one event's fan-out", () => {
    const id = webhookEventId("org_1", "01JEVENT");
    expect(id).toMatch(UUID_V4);
    expect(webhookEventId("org_1", "01JEVENT")).toBe(id);
  });

  it("differs between events, and between organisations given the same event id", () => {
    const ids = new Set([webhookEventId("org_1", "01JEVENT"), webhookEventId("org_1", "01JOTHER"), webhookEventId("org_2", "01JEVENT")]);
    expect(ids.size).toBe(3);
  });
});
