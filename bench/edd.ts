// `npm run bench -- edd [--seed N] [--days N] [--orders-per-day N] [--coverage 0.8]`: simulates shipment histories,
// trains the EDD model on the earlier 80 % (by pickup date), predicts the rest and compares it with a
// naive baseline: the courier's mean calendar-day transit from pickup (range: the courier's p10–p90).
import { trainModel } from "@/lib/edd/train-model";
import { predictDelivery } from "@/lib/edd/predict-delivery";
import { simulateShipments } from "@/lib/demo/simulate";
import { addDays, datePart, daysBetween } from "@/lib/edd/local-dates";
import { type DeliverySample } from "@/lib/edd/types";

interface Outcome {
  error: number;
  inside: boolean;
  width: number;
}

function option(args: string[], name: string, fallback: number): number {
  const index = args.indexOf(`--${name}`);
  const value = index >= 0 ? Number(args[index + 1]) : fallback;
  if (!Number.isFinite(value)) throw new Error(`--${name} needs a number`);
  return value;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function summarise(outcomes: Outcome[]) {
  const n = outcomes.length;
  return {
    n,
    maeDays: outcomes.reduce((sum, o) => sum + o.error, 0) / n,
    exactPct: (100 * outcomes.filter((o) => o.error === 0).length) / n,
    withinRangePct: (100 * outcomes.filter((o) => o.inside).length) / n,
    medianRangeDays: median(outcomes.map((o) => o.width)),
  };
}

function line(label: string, outcomes: Outcome[]): string {
  const s = summarise(outcomes);
  return `${label.padEnd(34)} n=${String(s.n).padStart(6)}  MAE ${s.maeDays.toFixed(2).padStart(5)} d  exact ${s.exactPct.toFixed(1).padStart(5)} %  in range ${s.withinRangePct.toFixed(1).padStart(5)} %  median range ${s.medianRangeDays} d`;
}

function group(items: { key: string; outcome: Outcome }[]): Map<string, Outcome[]> {
  const groups = new Map<string, Outcome[]>();
  for (const { key, outcome } of items) groups.set(key, [...(groups.get(key) ?? []), outcome]);
  return new Map([...groups].sort(([a], [b]) => a.localeCompare(b)));
}

export async function run(args: string[]): Promise<void> {
  const seed = option(args, "seed", 42);
  const days = option(args, "days", 730);
  const ordersPerDay = option(args, "orders-per-day", 80);
  // Unset: predictDelivery's default, which is what the API serves.
  const rangeCoverage = args.includes("--coverage") ? option(args, "coverage", 0) : undefined;

  let started = performance.now();
  const shipments = simulateShipments({ seed, days, ordersPerDay });
  const delivered: DeliverySample[] = shipments.flatMap((s) => (s.deliveredAt ? [{ ...s, deliveredAt: s.deliveredAt }] : []));
  delivered.sort((a, b) => a.pickupTime.localeCompare(b.pickupTime));
  // Split on a date: train on what had been delivered by then, as a model trained that day would be;
  // test on everything picked up from then on.
  const splitDate = datePart(delivered[Math.floor(delivered.length * 0.8)]!.pickupTime);
  const training = delivered.filter((s) => datePart(s.deliveredAt) < splitDate);
  const test = delivered.filter((s) => datePart(s.pickupTime) >= splitDate);
  console.log(
    `simulated ${shipments.length} shipments (seed ${seed}, ${days} days), ${shipments.length - delivered.length} lost, in ${Math.round(performance.now() - started)} ms`,
  );
  console.log(`training: ${training.length} deliveries made before ${splitDate}; test: ${test.length} picked up from then on`);

  started = performance.now();
  const model = trainModel(training);
  console.log(
    `trained in ${Math.round(performance.now() - started)} ms: ${Object.keys(model.pooled).length} pooled lanes, model JSON ${Math.round(JSON.stringify(model).length / 1024)} KiB`,
  );

  // Baseline: the courier's mean calendar days from pickup to delivery; range its 10th to 90th percentile.
  const calendarDaysBySlug = new Map<string, number[]>();
  for (const s of training) {
    const list = calendarDaysBySlug.get(s.slug) ?? [];
    list.push(daysBetween(datePart(s.pickupTime), datePart(s.deliveredAt)));
    calendarDaysBySlug.set(s.slug, list);
  }
  const baselineBySlug = new Map(
    [...calendarDaysBySlug].map(([slug, list]) => {
      const sorted = [...list].sort((a, b) => a - b);
      const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
      return [slug, { mean: Math.round(list.reduce((sum, d) => sum + d, 0) / list.length), p10: at(0.1), p90: at(0.9) }];
    }),
  );

  started = performance.now();
  const rows = test.map((s) => {
    const prediction = predictDelivery(model, s, { organizationId: s.organizationId, rangeCoverage });
    const actual = datePart(s.deliveredAt);
    const pickup = datePart(s.pickupTime);
    const ours: Outcome = {
      error: Math.abs(daysBetween(prediction.estimatedDeliveryDate, actual)),
      inside: prediction.estimatedDeliveryDateMin <= actual && actual <= prediction.estimatedDeliveryDateMax,
      width: daysBetween(prediction.estimatedDeliveryDateMin, prediction.estimatedDeliveryDateMax),
    };
    const naive = baselineBySlug.get(s.slug);
    const baseline: Outcome = naive
      ? {
          error: Math.abs(daysBetween(addDays(pickup, naive.mean), actual)),
          inside: addDays(pickup, naive.p10) <= actual && actual <= addDays(pickup, naive.p90),
          width: naive.p90 - naive.p10,
        }
      : { error: daysBetween(pickup, actual), inside: false, width: 0 };
    return { s, prediction, model: ours, baseline };
  });
  const predictMs = performance.now() - started;
  console.log(`predicted ${rows.length} in ${Math.round(predictMs)} ms (${Math.round((rows.length / predictMs) * 1000)}/s)`);

  console.log("\nby lane level (scope) that answered:");
  for (const [key, outcomes] of group(rows.map((r) => ({ key: `${r.prediction.basis.level} (${r.prediction.basis.scope})`, outcome: r.model })))) {
    console.log("  " + line(key, outcomes));
  }
  console.log("\nby courier (model):");
  for (const [key, outcomes] of group(rows.map((r) => ({ key: r.s.slug, outcome: r.model })))) console.log("  " + line(key, outcomes));
  console.log("\nby month of pickup (model):");
  for (const [key, outcomes] of group(rows.map((r) => ({ key: r.s.pickupTime.slice(0, 7), outcome: r.model })))) console.log("  " + line(key, outcomes));
  console.log("\nby confidence code (model):");
  for (const [key, outcomes] of group(rows.map((r) => ({ key: String(r.prediction.confidenceCode), outcome: r.model }))))
    console.log("  " + line(key, outcomes));

  const modelSummary = summarise(rows.map((r) => r.model));
  const baselineSummary = summarise(rows.map((r) => r.baseline));
  console.log("\noverall (range width = max − min in calendar days):");
  console.log(
    "  " +
      line(
        "model",
        rows.map((r) => r.model),
      ),
  );
  console.log(
    "  " +
      line(
        "baseline (courier mean, p10–p90)",
        rows.map((r) => r.baseline),
      ),
  );
  const improvement = 100 * (1 - modelSummary.maeDays / baselineSummary.maeDays);
  console.log(
    `targets: within range ≥ 80 % → ${modelSummary.withinRangePct.toFixed(1)} %; median range ≤ 3 d → ${modelSummary.medianRangeDays} d; ` +
      `MAE ≥ 20 % below baseline → ${improvement.toFixed(1)} % below`,
  );
  const round = (value: number) => Math.round(value * 100) / 100;
  console.log(
    JSON.stringify({
      bench: "edd",
      within_range_pct: round(modelSummary.withinRangePct),
      median_range_days: modelSummary.medianRangeDays,
      mae_days: round(modelSummary.maeDays),
      baseline_mae_days: round(baselineSummary.maeDays),
    }),
  );
}
