// The embedded database's own thread: PGlite (PostgreSQL compiled to WebAssembly) runs here, so its
// work uses a second core instead of sharing the app's event loop. db/pglite-thread-client.ts is
// the other end; messages carry queries in and rows, errors and notifications out.
// Plain JavaScript: it is loaded by path at run time, outside the Next.js bundle.
import { readFileSync } from "node:fs";
import { getHeapStatistics } from "node:v8";
import { parentPort, workerData } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { startAutovacuum } from "./embedded-autovacuum.mjs";
import { preparedQueries } from "./pglite-prepared.mjs";

// PostgreSQL's cache lives in PGlite's WebAssembly memory, which never shrinks: 32 MB instead of the
// default 128 keeps about 100 MB less resident (`npm run bench -- embedded-db`); pages beyond it come
// from the operating system's file cache. pg_trgm backs the keyword filter's index (migration 0027):
// PGlite loads an extension only when asked.
const startParams = [...PGlite.defaultStartParams, "-c", "shared_buffers=32MB"];
// A copy of a dump skips initdb, which costs seconds (the tests start every file's database so).
const loadDataDir = workerData.copyOf ? new Blob([readFileSync(workerData.copyOf)]) : undefined;
const db = await PGlite.create(workerData.dataDir, { extensions: { pg_trgm }, startParams, loadDataDir });
const stopAutovacuum = startAutovacuum(db);
const query = preparedQueries(db);
/** Open transactions by id: PGlite's handle, and how the app ends each one. */
const transactions = new Map();
const unlisteners = new Map();

function reply(id, result) {
  parentPort.postMessage({ kind: "result", id, result });
}

function fail(id, error) {
  // Structured clone keeps only an Error's message and stack; PostgreSQL's fields (code, detail,
  // constraint …) travel as plain properties.
  const fields = Object.fromEntries(Object.entries(error ?? {}).filter(([, value]) => typeof value !== "function" && typeof value !== "object"));
  parentPort.postMessage({ kind: "error", id, error: { name: error?.name, message: error?.message ?? String(error), stack: error?.stack, fields } });
}

/** Types the caller parses itself arrive as the server's text. */
function queryOptions(options) {
  if (!options) return undefined;
  const { rawTypes, ...rest } = options;
  return rawTypes?.length ? { ...rest, parsers: Object.fromEntries(rawTypes.map((type) => [type, (value) => value])) } : rest;
}

const ROLLBACK = Symbol("rollback");

/** Opens a transaction that lasts until the app sends its end; answers `begin`, then the `end`. */
function begin(id) {
  const entry = { tx: undefined, endId: undefined, finish: undefined };
  const ended = new Promise((resolve) => (entry.finish = resolve));
  db.transaction(async (tx) => {
    entry.tx = tx;
    transactions.set(id, entry);
    reply(id, null);
    if (!(await ended)) throw ROLLBACK;
  })
    .then(
      () => reply(entry.endId, null),
      // Before the callback ran, the `begin` fails; after, the `end` does (a failed COMMIT).
      (error) => (error === ROLLBACK ? reply(entry.endId, null) : fail(entry.endId ?? id, error)),
    )
    .finally(() => transactions.delete(id));
}

async function run(message) {
  const target = message.tx ? transactions.get(message.tx)?.tx : db;
  if (!target) throw new Error(`Transaction ${message.tx} is not open`);
  if (message.kind === "query") return query(target, message.text, message.params, queryOptions(message.options), Boolean(message.tx));
  return target.exec(message.text, queryOptions(message.options));
}

parentPort.on("message", (message) => {
  switch (message.kind) {
    case "query":
    case "exec":
      run(message).then(
        (result) => reply(message.id, result),
        (error) => fail(message.id, error),
      );
      return;
    case "begin":
      begin(message.id);
      return;
    case "end": {
      const entry = transactions.get(message.tx);
      if (!entry) return fail(message.id, new Error(`Transaction ${message.tx} is not open`));
      entry.endId = message.id;
      entry.finish(message.commit);
      return;
    }
    case "listen":
      db.listen(message.channel, (payload) => parentPort.postMessage({ kind: "notification", channel: message.channel, payload })).then(
        (unlisten) => {
          unlisteners.set(message.id, unlisten);
          reply(message.id, null);
        },
        (error) => fail(message.id, error),
      );
      return;
    case "unlisten":
      Promise.resolve(unlisteners.get(message.listenId)?.()).then(
        () => reply(message.id, null),
        (error) => fail(message.id, error),
      );
      return;
    case "dump":
      // PGlite's own copy of its data directory (a gzipped tar), taken between statements.
      db.dumpDataDir("gzip")
        .then((file) => file.arrayBuffer())
        .then(
          (bytes) => reply(message.id, new Uint8Array(bytes)),
          (error) => fail(message.id, error),
        );
      return;
    case "memory":
      // `mod` is PGlite's Emscripten module; its heap is the database's WebAssembly memory.
      reply(message.id, { webAssemblyBytes: db.mod?.HEAPU8?.byteLength ?? 0, heapBytes: getHeapStatistics().total_heap_size });
      return;
    case "close":
      stopAutovacuum();
      db.close().then(
        () => reply(message.id, null),
        (error) => fail(message.id, error),
      );
      return;
  }
});

parentPort.postMessage({ kind: "ready" });
