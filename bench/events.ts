// `npm run bench -- events [--trackings 5000] [--rounds 20]`
// Writes changes through the poll's write path (storeAnswers: a batch of 50 trackings, one new scan
// each) into PostgreSQL, each round twice in turn: with the record of changes, and with the record
// switched off (the same path, the same rows, the same number of scans). Then reads every change back
// through the feed's read and render (pages of 200 in the 2026-07 shape) and times creates with the
// record's insert trigger on and off.
import { and, eq, inArray } from "drizzle-orm";
import { setDatabaseHandle } from "@/db/client";
import { trackings, type Tracking } from "@/db/schema";
import { trackingCodecs } from "@/lib/api/versions";
import { createOrganization } from "@/lib/accounts/create-organization";
import { subtagMessage } from "@/lib/carriers/subtags";
import type { NormalizedCheckpoint } from "@/lib/carriers/types";
import { readChanges } from "@/lib/trackings/changes/read-changes";
import { recordNothingForBench } from "@/lib/trackings/changes/record-changes";
import { insertTrackings } from "@/lib/trackings/insert-tracking";
import { newTrackingRow } from "@/lib/trackings/create-tracking";
import { storeAnswers } from "@/lib/trackings/store-poll-answers";
import { freshBenchDatabase, option } from "./support/bench-database";

const BENCH_DB = "waybill_bench_events";
const BATCH = 50;
const FEED_PAGE = 200;

function scan(round: number): NormalizedCheckpoint {
  return {
    checkpointTime: new Date(Date.UTC(2026, 0, 1, round)).toISOString().slice(0, 19),
    occurredAt: null,
    message: `Arrived at sorting centre ${round}`,
    location: "Leipzig, DE",
    city: "Leipzig",
    state: null,
    zip: null,
    countryIso3: "DEU",
    countryName: "Germany",
    coordinates: [],
    tag: "InTransit",
    subtag: "InTransit_002",
    subtagMessage: subtagMessage("InTransit_002"),
    rawTag: "AR",
  };
}

const percentile = (values: number[], share: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(share * values.length))]!;

export async function run(args: string[]) {
  const count = option(args, "trackings", 5_000);
  const rounds = option(args, "rounds", 20);
  const { handle } = await freshBenchDatabase(BENCH_DB);
  setDatabaseHandle(handle);
  const db = handle.db;
  const organization = await createOrganization(db, { name: "Events bench" });

  // Creates, with the record's trigger and without it, in turns of 500.
  const createMs = { with: 0, without: 0 };
  for (let from = 0; from < count; from += 500) {
    const record = (from / 500) % 2 === 0;
    if (!record) await handle.sql!.unsafe("alter table trackings disable trigger trackings_record_created");
    const rows = [];
    for (let index = from; index < Math.min(count, from + 500); index++) {
      rows.push(await newTrackingRow(db, organization, { trackingNumber: `EVB${String(index).padStart(8, "0")}`, slugs: ["dhl"], fields: {} }, new Date()));
    }
    const started = performance.now();
    for (let start = 0; start < rows.length; start += BATCH) await insertTrackings(db, rows.slice(start, start + BATCH));
    createMs[record ? "with" : "without"] += performance.now() - started;
    if (!record) await handle.sql!.unsafe("alter table trackings enable trigger trackings_record_created");
  }
  const ids = (await db.select({ id: trackings.id }).from(trackings).where(eq(trackings.organizationId, organization.id))).map((row) => row.id);
  const timelines = new Map<string, NormalizedCheckpoint[]>(ids.map((id) => [id, []]));

  const timed = { with: [] as number[], without: [] as number[] };
  let changes = 0;
  let step = 0;
  for (let round = 0; round < rounds; round++) {
    for (const mode of round % 2 === 0 ? (["with", "without"] as const) : (["without", "with"] as const)) {
      const restore = mode === "without" ? recordNothingForBench() : () => {};
      step++;
      for (let start = 0; start < ids.length; start += BATCH) {
        const batchIds = ids.slice(start, start + BATCH);
        const rows: Tracking[] = await db
          .select()
          .from(trackings)
          .where(and(eq(trackings.organizationId, organization.id), inArray(trackings.id, batchIds)));
        for (const id of batchIds) timelines.get(id)!.push(scan(step));
        const started = performance.now();
        const outcome = await storeAnswers(
          db,
          { organizationId: organization.id, route: "direct", slug: "dhl", lane: "dhl", trackingIds: batchIds },
          rows,
          (row) => ({ result: { kind: "found", checkpoints: timelines.get(row.id)!, shipment: {} } }),
          "polled",
          new Date(),
          { estimatesAskedUpFront: true },
        );
        timed[mode].push(performance.now() - started);
        if (mode === "with") changes += outcome.changes.length;
      }
      restore();
    }
    console.log(`round ${round + 1}/${rounds}: ${changes.toLocaleString("en")} changes recorded so far`);
  }
  const total = (values: number[]) => values.reduce((sum, value) => sum + value, 0);
  const writeRatio = total(timed.with) / total(timed.without);

  console.log(`PostgreSQL (postgres driver), ${count.toLocaleString("en")} trackings, batches of ${BATCH}, ${rounds} rounds each way`);
  console.log(
    `write path (storeAnswers): with the record ${(total(timed.with) / timed.with.length).toFixed(2)} ms a batch (p95 ${percentile(timed.with, 0.95).toFixed(2)}), ` +
      `without ${(total(timed.without) / timed.without.length).toFixed(2)} ms (p95 ${percentile(timed.without, 0.95).toFixed(2)}): ${writeRatio.toFixed(3)}×`,
  );
  console.log(
    `creates: with the record ${createMs.with.toFixed(0)} ms, without ${createMs.without.toFixed(0)} ms for ${count / 2} each: ${(createMs.with / createMs.without).toFixed(3)}×`,
  );
  // The feed, read from the start to the end as a client would, rendered as the API answers.
  const codec = trackingCodecs["2026-07"];
  let cursor = 0;
  let rowsRead = 0;
  let pages = 0;
  const pageMs: number[] = [];
  const feedStarted = performance.now();
  for (;;) {
    const started = performance.now();
    const page = await readChanges(db, organization.id, { after: cursor, limit: FEED_PAGE });
    JSON.stringify(page.changes.map((change) => ({ id: change.id, position: change.position, type: change.type, tracking: codec.tracking(change.record) })));
    pageMs.push(performance.now() - started);
    rowsRead += page.changes.length;
    pages++;
    cursor = page.lastPosition;
    if (!page.hasMore) break;
  }
  const feedSeconds = (performance.now() - feedStarted) / 1000;

  console.log(
    `feed: ${rowsRead.toLocaleString("en")} changes in ${pages} pages of ${FEED_PAGE} in ${feedSeconds.toFixed(1)} s: ` +
      `${(pages / feedSeconds).toFixed(1)} pages/s, ${Math.round(rowsRead / feedSeconds).toLocaleString("en")} changes/s, page p95 ${percentile(pageMs, 0.95).toFixed(1)} ms`,
  );
  setDatabaseHandle(undefined);
  await handle.close();
  console.log(
    JSON.stringify({
      bench: "events",
      changes_written: changes,
      write_vs_without: Number(writeRatio.toFixed(3)),
      create_vs_without: Number((createMs.with / createMs.without).toFixed(3)),
      feed_rows_per_s: Math.round(rowsRead / feedSeconds),
      feed_pages_per_s: Number((pages / feedSeconds).toFixed(1)),
    }),
  );
}
