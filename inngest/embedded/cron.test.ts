import { describe, expect, it } from "vitest";
import { cronEventId, nextCronSlot, parseCron } from "./cron";

const at = (iso: string) => Date.parse(iso);

describe("cron", () => {
  it("reads Inngest's TZ= prefix", () => {
    expect(parseCron("TZ=Europe/Berlin 0 9 * * *")).toEqual({ expression: "0 9 * * *", tz: "Europe/Berlin" });
    expect(parseCron("*/15 * * * *")).toEqual({ expression: "*/15 * * * *", tz: "UTC" });
  });

  it("finds the next slot strictly after a time, in the schedule's time zone", () => {
    expect(nextCronSlot("*/15 * * * *", at("2030-01-01T00:07:00Z"))).toBe(at("2030-01-01T00:15:00Z"));
    expect(nextCronSlot("*/15 * * * *", at("2030-01-01T00:15:00Z"))).toBe(at("2030-01-01T00:30:00Z"));
    expect(nextCronSlot("TZ=Europe/Berlin 0 9 * * *", at("2030-07-01T00:00:00Z"))).toBe(at("2030-07-01T07:00:00Z"));
  });

  it("names a slot the same way on every instance", () => {
    expect(cronEventId("waybill-poll", at("2030-01-01T00:15:00Z"))).toBe("cron:waybill-poll:2030-01-01T00:15:00.000Z");
  });
});
