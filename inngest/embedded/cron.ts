import { PgBoss } from "pg-boss";

let calculator: PgBoss | undefined;

// pg-boss's previewSchedule is pure cron arithmetic once `from` is given; this instance never connects.
function cronCalculator(): PgBoss {
  calculator ??= new PgBoss({
    db: { executeSql: () => Promise.reject(new Error("The cron calculator has no database")) },
    schedule: false,
    supervise: false,
  });
  return calculator;
}

/** Splits Inngest's `TZ=Europe/Berlin 0 9 * * *` form into the expression and its time zone. */
export function parseCron(cron: string): { expression: string; tz: string } {
  const match = /^\s*(?:CRON_)?TZ=(\S+)\s+(.+)$/.exec(cron);
  return match ? { expression: match[2]!.trim(), tz: match[1]! } : { expression: cron.trim(), tz: "UTC" };
}

/** The first slot of a cron schedule strictly after `after` (epoch milliseconds). */
export function nextCronSlot(cron: string, after: number): number {
  const { expression, tz } = parseCron(cron);
  const [slot] = cronCalculator().previewSchedule(expression, { tz, from: new Date(after), count: 1 });
  if (!slot) throw new Error(`The cron schedule "${cron}" has no future slot`);
  return slot.getTime();
}

/** The event id of one slot: every instance derives the same id, so a slot runs once. */
export function cronEventId(functionId: string, slot: number): string {
  return `cron:${functionId}:${new Date(slot).toISOString()}`;
}
