import { describe, expect, it } from "vitest";
import { isAssignableSubtag, isSubtag, lookupStatus, SUBTAGS, subtagMessage, tagOfSubtag } from "@/lib/carriers/subtags";
import { TAGS } from "@/lib/tags";

describe("subtags", () => {
  it("lists every subtag of the compatible API, with unique codes named after their tag", () => {
    expect(SUBTAGS).toHaveLength(41);
    expect(new Set(SUBTAGS.map((entry) => entry.subtag)).size).toBe(SUBTAGS.length);
    for (const entry of SUBTAGS) {
      expect(entry.subtag).toMatch(new RegExp(`^${entry.tag}_\\d{3}$`));
      expect(entry.message).not.toBe("");
    }
    for (const tag of TAGS) expect(isSubtag(`${tag}_001`), tag).toBe(true);
  });

  it("gives the subtag_message the compatible API shows", () => {
    expect(subtagMessage("InfoReceived_001")).toBe("Info Received");
    expect(subtagMessage("InTransit_007")).toBe("Departure Scan");
    expect(subtagMessage("Delivered_003")).toBe("Sign by customer");
    expect(subtagMessage("Exception_012")).toBe("Shipment damage");
    expect(subtagMessage("Exception_013")).toBe("Shipment lost");
    expect(subtagMessage("AvailableForPickup_001")).toBe("Available for pickup");
    expect(subtagMessage("Expired_001")).toBe("Expired");
    expect(subtagMessage("Pending_001")).toBe("Pending");
  });

  it("falls back to the tag's message for subtags it does not know", () => {
    expect(subtagMessage("Pending_004")).toBe("Pending");
    expect(subtagMessage("Exception_019")).toBe("Exception");
    expect(subtagMessage("Nonsense")).toBe("Nonsense");
  });

  it("knows tags of subtags, and that retired subtags are no longer assigned", () => {
    expect(tagOfSubtag("OutForDelivery_003")).toBe("OutForDelivery");
    expect(tagOfSubtag("InTransit_099")).toBeNull();
    expect(isSubtag("OutForDelivery_002")).toBe(true);
    expect(isAssignableSubtag("OutForDelivery_002")).toBe(false);
    expect(isAssignableSubtag("Exception_011")).toBe(true);
  });

  it("looks up only a table's own codes", () => {
    const table = { AR: 1 };
    expect(lookupStatus(table, "AR")).toBe(1);
    expect(lookupStatus(table, "constructor")).toBeUndefined();
    expect(lookupStatus(table, null)).toBeUndefined();
  });
});
