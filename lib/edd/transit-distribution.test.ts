import { describe, expect, it } from "vitest";
import { addTransit, narrowestInterval, sampleCount, shareWithin, shiftHistogram, transitQuantile } from "./transit-distribution";

describe("transit histograms", () => {
  const histogram = [0, 0, 10, 60, 20, 5, 0, 0, 5]; // 100 shipments

  it("counts and takes quantiles", () => {
    const built: number[] = [];
    for (const days of [3, 1, 3]) addTransit(built, days);
    expect(built).toEqual([0, 1, 0, 2]);
    expect(sampleCount(histogram)).toBe(100);
    expect(transitQuantile(histogram, 0.5)).toBe(3);
    expect(transitQuantile(histogram, 0.1)).toBe(2);
    expect(transitQuantile(histogram, 0.95)).toBe(5);
    expect(shareWithin(histogram, 3, 4)).toBe(0.8);
  });

  it("takes the narrowest interval with the coverage", () => {
    expect(narrowestInterval(histogram, 0.8)).toEqual([3, 4]);
    expect(narrowestInterval(histogram, 0.6)).toEqual([3, 3]);
    expect(narrowestInterval(histogram, 0.9)).toEqual([2, 4]);
  });

  it("shifts by fractions of a day", () => {
    expect(shiftHistogram([0, 10], 0.5)).toEqual([0, 5, 5]);
    expect(shiftHistogram([0, 10], 1)).toEqual([0, 0, 10]);
    expect(shiftHistogram([10, 10], -1)).toEqual([20]);
    expect(sampleCount(shiftHistogram(histogram, 0.3))).toBeCloseTo(100);
  });
});
