import type { PGlite, Transaction } from "@electric-sql/pglite";

export type Group = "trackings" | "checkpoints" | "jobs" | "queue" | "other";

/** Counts statements by kind and by what they write, on the one PGlite connection. */
export class StatementCounter {
  reads = 0;
  writes: Record<Group, number> = { trackings: 0, checkpoints: 0, jobs: 0, queue: 0, other: 0 };
  /** Milliseconds spent per statement shape, for `--statements`. */
  timeMs = new Map<string, { ms: number; calls: number }>();

  async timed<T>(text: string, work: () => Promise<T>): Promise<T> {
    this.record(text);
    const started = performance.now();
    try {
      return await work();
    } finally {
      const shape = text.replace(/\s+/g, " ").trim().slice(0, 110);
      const entry = this.timeMs.get(shape) ?? { ms: 0, calls: 0 };
      entry.ms += performance.now() - started;
      entry.calls++;
      this.timeMs.set(shape, entry);
    }
  }

  record(text: string): void {
    for (const statement of text.split(";")) {
      const trimmed = statement.trim();
      if (!trimmed) continue;
      const target = /\b(?:insert\s+into|update|delete\s+from)\s+("?[\w.]+"?(?:\."?\w+"?)?)/i.exec(trimmed.replace(/\bfor\s+update\b/gi, ""));
      if (!target) {
        if (!/^(begin|commit|rollback|savepoint|release)\b/i.test(trimmed)) this.reads++;
        continue;
      }
      const table = target[1]!.replace(/"/g, "").toLowerCase();
      const group: Group = table.startsWith("pgboss.")
        ? "queue"
        : table.startsWith("job_")
          ? "jobs"
          : table === "trackings" || table === "checkpoints"
            ? table
            : "other";
      this.writes[group]++;
    }
  }

  totalWrites(): number {
    return Object.values(this.writes).reduce((sum, value) => sum + value, 0);
  }

  reset(): void {
    this.reads = 0;
    this.timeMs.clear();
    for (const group of Object.keys(this.writes) as Group[]) this.writes[group] = 0;
  }
}

export function countStatements(pglite: PGlite, counter: StatementCounter): void {
  type Run = (text: string, ...rest: unknown[]) => Promise<unknown>;
  const counted =
    (run: Run): Run =>
    (text, ...rest) =>
      counter.timed(text, () => run(text, ...rest));
  const transaction = pglite.transaction.bind(pglite);
  const wrapTx = (tx: Transaction): Transaction =>
    Object.assign(Object.create(tx) as Transaction, { query: counted(tx.query.bind(tx) as Run), exec: counted(tx.exec.bind(tx) as Run) });
  Object.assign(pglite, {
    query: counted(pglite.query.bind(pglite) as Run),
    exec: counted(pglite.exec.bind(pglite) as Run),
    transaction: <T>(callback: (tx: Transaction) => Promise<T>) => transaction((tx) => callback(wrapTx(tx))),
  });
}

/** `--statements`: the statement shapes that took longest, with their calls. */
export function printStatementTimes(counter: StatementCounter, top = 15): void {
  console.log("time awaiting each statement shape (ms total, calls; includes waiting for the one PGlite connection):");
  for (const [shape, { ms, calls }] of [...counter.timeMs.entries()].sort((a, b) => b[1].ms - a[1].ms).slice(0, top)) {
    console.log(`  ${ms.toFixed(0).padStart(7)} ${String(calls).padStart(6)}  ${shape}`);
  }
}
