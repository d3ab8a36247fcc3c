// `npm run bench -- detect [--seed N] [--per-family N] [--seconds N]`: courier detection over the
// generated corpus (lib/couriers/corpus.ts). Prints how often the expected courier ranks first, how
// many wrong-check-digit numbers still get a courier, and detections per second on one core.
import { generateCorpus } from "@/testing/couriers/corpus";
import { detectCouriers } from "@/lib/couriers/detect-courier";

function option(args: string[], name: string, fallback: number): number {
  const index = args.indexOf(`--${name}`);
  const value = index >= 0 ? Number(args[index + 1]) : fallback;
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} needs a positive number`);
  return value;
}

/** Detections per second over `numbers`, repeated for at least `seconds` after a warm-up pass. */
function throughput(numbers: string[], seconds: number): number {
  for (const trackingNumber of numbers) detectCouriers({ trackingNumber });
  let detections = 0;
  const started = performance.now();
  let elapsedMs = 0;
  while (elapsedMs < seconds * 1000) {
    for (const trackingNumber of numbers) detectCouriers({ trackingNumber });
    detections += numbers.length;
    elapsedMs = performance.now() - started;
  }
  return detections / (elapsedMs / 1000);
}

export async function run(args: string[]): Promise<void> {
  const seed = option(args, "seed", 20_240_812);
  const perFamily = option(args, "per-family", 1000);
  const seconds = option(args, "seconds", 3);

  const corpus = generateCorpus({ seed, perFamily });
  console.log(`corpus: ${corpus.valid.length} valid numbers, ${corpus.invalid.length} with a wrong check digit (seed ${seed})`);

  const families = new Map<string, { right: number; total: number }>();
  let right = 0;
  for (const entry of corpus.valid) {
    const hit = detectCouriers({ trackingNumber: entry.trackingNumber })[0]?.courier.slug === entry.expectedSlug;
    if (hit) right++;
    const family = families.get(entry.family) ?? { right: 0, total: 0 };
    family.right += hit ? 1 : 0;
    family.total++;
    families.set(entry.family, family);
  }
  const rightFirstPct = (100 * right) / corpus.valid.length;
  const invalidMatched = corpus.invalid.filter((entry) => detectCouriers({ trackingNumber: entry.trackingNumber }).length > 0).length;

  console.log(`right courier first: ${rightFirstPct.toFixed(2)} % of valid numbers`);
  for (const [id, family] of [...families].sort(([a], [b]) => a.localeCompare(b))) {
    // Families below 100 % share a shape with another format whose check digit their number also passes.
    if (family.right < family.total) console.log(`  ${id.padEnd(22)} ${((100 * family.right) / family.total).toFixed(1).padStart(5)} %`);
  }
  console.log(`wrong check digit, still matched: ${invalidMatched} of ${corpus.invalid.length}`);

  const numbers = [...corpus.valid, ...corpus.invalid].map((entry) => entry.trackingNumber);
  const perSecond = throughput(numbers, seconds);
  console.log(`throughput: ${Math.round(perSecond).toLocaleString("en")} detections/s on one core (valid and invalid mixed)`);

  console.log(
    JSON.stringify({
      bench: "detect",
      per_s: Math.round(perSecond),
      right_first_pct: Number(rightFirstPct.toFixed(2)),
      invalid_matched: invalidMatched,
    }),
  );
}
