import { describe, expect, it } from "vitest";
import { MONDAY_TO_FRIDAY } from "@/lib/edd/business-days";
import { transitCalendar } from "@/lib/edd/transit-calendar";
import { type AttentionFacts, attentionFlags, type AttentionSettings } from "./attention-rules";

// Germany, both ends: Monday to Friday, less German public holidays (Easter Monday 2026 is 6 April).
const germany: AttentionSettings = {
  calendar: transitCalendar(MONDAY_TO_FRIDAY, { country: "DEU" }, { country: "DEU" }),
  laneGapP90: 2,
  firstScanDays: 2,
};

const moving = (lastScan: string, extra: Partial<AttentionFacts> = {}): AttentionFacts => ({
  tag: "InTransit",
  subtag: "InTransit_001",
  createdOn: "2026-03-30",
  checkpoints: [
    { date: "2026-03-30", tag: "InfoReceived", subtag: "InfoReceived_001" },
    { date: lastScan, tag: "InTransit", subtag: "InTransit_002" },
  ],
  estimate: null,
  ...extra,
});

describe("needs-attention rules, in business days", () => {
  it("does not flag a parcel quiet over the Easter weekend and Easter Monday, but flags the same gap on working days", () => {
    // Last scan Thursday 2 April 2026; Good Friday 3 April, the weekend and Easter Monday 6 April pass: 1 business day by Tuesday 7.
    expect(attentionFlags(moving("2026-04-02"), "2026-04-07", germany)).toEqual([]);
    // Five calendar days of working days (Mon 9 → Sat 14 March): flagged from the third business day.
    expect(attentionFlags(moving("2026-03-09"), "2026-03-14", germany)).toEqual([{ reason: "stalled", since: "2026-03-12" }]);
  });

  it("uses the lane's own 90th-percentile gap, or a default without history", () => {
    const slowLane = { ...germany, laneGapP90: 6 };
    expect(attentionFlags(moving("2026-03-09"), "2026-03-14", slowLane)).toEqual([]);
    expect(attentionFlags(moving("2026-03-09"), "2026-03-13", { ...germany, laneGapP90: null })).toEqual([{ reason: "stalled", since: "2026-03-13" }]);
  });

  it("flags a label that gets no carrier scan within N business days", () => {
    const labelOnly: AttentionFacts = {
      ...moving("2026-03-09"),
      tag: "InfoReceived",
      checkpoints: [{ date: "2026-03-06", tag: "InfoReceived", subtag: "InfoReceived_001" }],
    };
    // Label Friday 6 March: Monday and Tuesday are its two days; Wednesday 11 it is overdue.
    expect(attentionFlags(labelOnly, "2026-03-10", germany)).toEqual([]);
    expect(attentionFlags(labelOnly, "2026-03-11", germany)).toEqual([{ reason: "no_first_scan", since: "2026-03-11" }]);
  });

  it("flags a passed estimate, a failed attempt and a return to sender, newest reason first", () => {
    const failed: AttentionFacts = {
      ...moving("2026-03-10"),
      tag: "AttemptFail",
      subtag: "AttemptFail_001",
      checkpoints: [...moving("2026-03-10").checkpoints, { date: "2026-03-11", tag: "AttemptFail", subtag: "AttemptFail_001" }],
      estimate: "2026-03-10",
    };
    expect(attentionFlags(failed, "2026-03-12", germany)).toEqual([
      { reason: "failed_attempt", since: "2026-03-11" },
      { reason: "estimate_passed", since: "2026-03-11" },
    ]);
    const returning: AttentionFacts = {
      ...moving("2026-03-10"),
      tag: "Exception",
      subtag: "Exception_010",
      checkpoints: [...moving("2026-03-10").checkpoints, { date: "2026-03-12", tag: "Exception", subtag: "Exception_010" }],
    };
    expect(attentionFlags(returning, "2026-03-12", germany)).toEqual([{ reason: "returning_to_sender", since: "2026-03-12" }]);
  });

  it("an estimate on a Friday has not passed over the weekend", () => {
    expect(attentionFlags(moving("2026-03-12", { estimate: "2026-03-13" }), "2026-03-15", germany)).toEqual([]);
    expect(attentionFlags(moving("2026-03-12", { estimate: "2026-03-13" }), "2026-03-16", germany)).toEqual([
      { reason: "estimate_passed", since: "2026-03-16" },
    ]);
  });

  it("leaves delivered and expired shipments alone", () => {
    expect(attentionFlags(moving("2026-03-02", { tag: "Delivered", subtag: "Delivered_001", estimate: "2026-03-01" }), "2026-03-20", germany)).toEqual([]);
  });
});
