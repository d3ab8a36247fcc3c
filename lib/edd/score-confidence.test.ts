import { describe, expect, it } from "vitest";
import { scoreConfidence } from "./score-confidence";

describe("scoreConfidence", () => {
  it("rises with the sample size", () => {
    const scores = [5, 20, 100, 1000].map((n) => scoreConfidence([0, 0, n], 2, [2, 2], "lane").score);
    expect(scores).toEqual([...scores].sort((a, b) => a - b));
    expect(scores[0]).toBeLessThan(0.5);
    expect(scores[3]).toBeGreaterThan(0.95);
  });

  it("falls with the spread", () => {
    const tight = scoreConfidence([0, 0, 90, 10], 2, [2, 3], "lane");
    const loose = scoreConfidence([0, 10, 40, 30, 20], 2, [1, 4], "lane");
    expect(loose.score).toBeLessThan(tight.score);
    expect(tight.code).toBe(10001);
    expect(loose.code).toBe(30001);
    expect(scoreConfidence([0, 0, 50, 50], 2, [2, 3], "lane").code).toBe(20001);
  });

  it("says there is too little data when a coarse level answered", () => {
    expect(scoreConfidence([0, 0, 100], 2, [2, 2], "courier").code).toBe(30002);
    expect(scoreConfidence([0, 0, 100], 2, [2, 2], "global").code).toBe(30002);
  });
});
