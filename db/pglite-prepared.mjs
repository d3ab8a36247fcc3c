// Named prepared statements for the embedded database's thread. PGlite's `query` parses, plans
// and describes every statement afresh, in six calls into WebAssembly; a statement the app runs
// again is parsed once here and then bound and executed in one call, as the PostgreSQL driver of
// the scale mode (postgres.js, `prepare: true`) already does. Plain JavaScript, loaded with the thread.
import { parse, protocol } from "@electric-sql/pglite";
import { LRUCache } from "lru-cache";

const { serialize } = protocol;

/** Statements kept prepared; the least recently used is closed when another is prepared. Each holds its plan in PGlite's memory, which never shrinks. */
export const MAX_PREPARED = 100;
/** Texts remembered as seen once: a text is prepared on its second use, so one-off statements (pg-boss's, migrations) cost nothing. */
const MAX_SEEN = 1000;
/** PostgreSQL's answer when a statement's result columns changed under it (a migration): prepared again on its next use. */
const CACHED_PLAN_CHANGED = "0A000";

function concat(parts) {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** PGlite's own query error: the statement and its parameters with PostgreSQL's fields. */
function withQuery(error, text, params, options) {
  if (error && typeof error === "object") Object.assign(error, { query: text, params, queryOptions: options });
  return error;
}

/**
 * `query(target, text, params, options, inTransaction)` answers as PGlite's `target.query` does.
 * `target` is the database or an open transaction's handle (`inTransaction` true), whose lock the
 * caller already holds.
 */
export function preparedQueries(db, max = MAX_PREPARED) {
  let next = 1;
  /** Names of statements evicted: closed in the next call into the database, not in a call of their own. */
  let closing = [];
  const seen = new LRUCache({ max: MAX_SEEN });
  const statements = new LRUCache({
    max,
    dispose: (statement) => {
      statement.evicted = true;
      release(statement);
    },
  });

  /** An evicted statement is closed once no use queued for the database holds it any more. */
  function release(statement) {
    if (!statement.evicted || statement.users > 0 || !statement.types || statement.closed) return;
    statement.closed = true;
    closing.push(statement.name);
  }

  /** The Close messages of the statements waiting to be closed, which the call that takes them sends first. */
  function takeCloses() {
    const parts = closing.map((name) => serialize.close({ type: "S", name }));
    closing = [];
    return parts;
  }

  async function prepare(statement, text) {
    const parts = [...takeCloses(), serialize.parse({ name: statement.name, text }), serialize.describe({ type: "S", name: statement.name }), serialize.sync()];
    const messages = await db.execProtocolStream(concat(parts), { syncToFs: false });
    statement.types = parse.parseDescribeStatementResults(messages);
  }

  async function execute(statement, text, params, options, inTransaction) {
    try {
      if (!statement.types) {
        await prepare(statement, text);
        // Dropped from the cache while it waited (another use's failure): kept again, so it is closed when evicted.
        if (statements.peek(text) !== statement) {
          statement.evicted = false;
          statements.set(text, statement);
        }
      }
      const values = params.map((value, index) => {
        if (value === null || value === undefined) return null;
        const type = statement.types[index];
        const serializer = options?.serializers?.[type] ?? db.serializers[type];
        return serializer ? serializer(value) : value.toString();
      });
      const parts = [
        ...takeCloses(),
        serialize.bind({ statement: statement.name, values }),
        serialize.describe({ type: "P" }),
        serialize.execute({}),
        serialize.sync(),
      ];
      // The stream form, as PGlite's own query: the answer's messages without a copy of its raw bytes.
      const messages = await db.execProtocolStream(concat(parts), { syncToFs: !inTransaction });
      return parse.parseResults(messages, db.parsers, options)[0];
    } catch (error) {
      // Never prepared (a syntax error, an aborted transaction) or stale: the next use starts over.
      if ((!statement.types || error?.code === CACHED_PLAN_CHANGED) && statements.peek(text) === statement) statements.delete(text);
      throw withQuery(error, text, params, options);
    }
  }

  return function query(target, text, params = [], options, inTransaction) {
    // Options PGlite's own path handles (files, declared types) stay on it.
    if (options?.blob || options?.paramTypes) return target.query(text, params, options);
    let statement = statements.get(text);
    if (!statement) {
      if (!seen.has(text)) {
        seen.set(text, true);
        return target.query(text, params, options);
      }
      seen.delete(text);
      statement = { name: `waybill_${next++}`, types: undefined, users: 0, evicted: false, closed: false };
      statements.set(text, statement);
    }
    statement.users++;
    const run = () => db._runExclusiveQuery(() => execute(statement, text, params, options, inTransaction));
    // Outside a transaction, wait as PGlite's `query` does for any transaction open to end.
    return (inTransaction ? run() : db._runExclusiveTransaction(run)).finally(() => {
      statement.users--;
      release(statement);
    });
  };
}
