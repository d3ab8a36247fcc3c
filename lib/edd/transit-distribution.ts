// Transit times of a lane as a histogram: counts[d] = shipments delivered after d business days.
// Integer days make quantiles exact and keep a trained model small and plain JSON. Counts may be
// fractional once a histogram is shifted by a seasonal delay.

export type TransitHistogram = number[];

export function addTransit(histogram: TransitHistogram, days: number): void {
  while (histogram.length <= days) histogram.push(0);
  histogram[days] = (histogram[days] ?? 0) + 1;
}

export function sampleCount(histogram: TransitHistogram): number {
  return histogram.reduce((sum, count) => sum + count, 0);
}

/** The smallest d with at least a share `p` of the shipments delivered within d days. */
export function transitQuantile(histogram: TransitHistogram, p: number): number {
  const needed = p * sampleCount(histogram);
  let cumulative = 0;
  for (let days = 0; days < histogram.length; days++) {
    cumulative += histogram[days] ?? 0;
    if (cumulative >= needed && cumulative > 0) return days;
  }
  return Math.max(0, histogram.length - 1);
}

/** Share of the shipments delivered after between `min` and `max` days (inclusive). */
export function shareWithin(histogram: TransitHistogram, min: number, max: number): number {
  const total = sampleCount(histogram);
  if (total === 0) return 0;
  let inside = 0;
  for (let days = Math.max(0, min); days <= max && days < histogram.length; days++) inside += histogram[days] ?? 0;
  return inside / total;
}

/**
 * The narrowest [min, max] holding at least `coverage` of the shipments: the pair of quantiles
 * (q, q + coverage) with the smallest gap. Ties go to the interval holding more shipments, then the earlier.
 */
export function narrowestInterval(histogram: TransitHistogram, coverage: number): [number, number] {
  const total = sampleCount(histogram);
  let best: [number, number] = [0, Math.max(0, histogram.length - 1)];
  let bestWidth = Infinity;
  let bestShare = 0;
  for (let min = 0; min < histogram.length; min++) {
    if ((histogram[min] ?? 0) === 0) continue;
    let inside = 0;
    for (let max = min; max < histogram.length; max++) {
      inside += histogram[max] ?? 0;
      if (inside < coverage * total) continue;
      const width = max - min;
      const share = inside / total;
      if (width < bestWidth || (width === bestWidth && share > bestShare)) {
        best = [min, max];
        bestWidth = width;
        bestShare = share;
      }
      break;
    }
  }
  return best;
}

/**
 * The histogram delayed by `days` business days, fractions by interpolation: a 0.3-day delay moves 30 %
 * of every bucket one day later. Negative delays move earlier, never before day 0.
 */
export function shiftHistogram(histogram: TransitHistogram, days: number): TransitHistogram {
  if (days === 0) return histogram;
  const whole = Math.floor(days);
  const fraction = days - whole;
  const shifted: TransitHistogram = [];
  const add = (index: number, count: number) => {
    const at = Math.max(0, index);
    while (shifted.length <= at) shifted.push(0);
    shifted[at] = (shifted[at] ?? 0) + count;
  };
  histogram.forEach((count, index) => {
    add(index + whole, count * (1 - fraction));
    if (fraction > 0) add(index + whole + 1, count * fraction);
  });
  return shifted;
}
