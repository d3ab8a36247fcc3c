import { Writable } from "node:stream";
import pino, { type Logger } from "pino";
import pretty from "pino-pretty";
import { env } from "@/lib/env";

/**
 * The server's log: one JSON line per event (level, time, message, `event`, and `requestId` /
 * `organizationId` where known), or readable lines when attached to a terminal.
 */
function createLog(destination?: NodeJS.WritableStream): Logger {
  const stream =
    destination ?? (process.stdout.isTTY ? pretty({ colorize: true, sync: true, translateTime: "SYS:HH:MM:ss" }) : pino.destination({ sync: true }));
  return pino(
    {
      level: env().LOG_LEVEL,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    stream,
  );
}

// On globalThis: Next.js may load this module once per bundle, but a process writes one log.
const slot = globalThis as unknown as { __waybillLog?: Logger };

export function log(): Logger {
  slot.__waybillLog ??= createLog();
  return slot.__waybillLog;
}

// The mark travels as the error's cause, which the job runner keeps when it serialises a step's error.
const REPORTED = "AlreadyReported";

/** Marks an error its owner has already reported in its own words (an outage, counted per carrier): the job runner logs it only at debug. */
export function markReported(error: unknown): void {
  if (!(error instanceof Error) || isReported(error)) return;
  error.cause = Object.assign(new Error("reported by its owner"), { name: REPORTED, cause: error.cause });
}

export function isReported(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 6 && typeof current === "object" && current !== null; depth++) {
    if ((current as { name?: unknown }).name === REPORTED) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

type LogArguments = [object | string, ...unknown[]];
const send = (level: "debug" | "info" | "warn" | "error", args: LogArguments) => (log()[level] as (...args: LogArguments) => void)(...args);

/**
 * The job runner's logger (the Inngest SDK's `logger`): into this log, with a step error its owner
 * already reported (an outage) kept to debug, so a retried poll writes no stack trace of its own.
 */
export const runnerLogger = {
  debug: (...args: LogArguments) => send("debug", args),
  info: (...args: LogArguments) => send("info", args),
  warn: (...args: LogArguments) => send("warn", args),
  error: (...args: LogArguments) => send(isReported((args[0] as { err?: unknown } | undefined)?.err) ? "debug" : "error", args),
};

/** For tests: what the log writes until `restore`, as parsed lines. */
export function captureLog(): { lines: () => Array<Record<string, unknown> & { level: string; msg: string }>; restore: () => void } {
  const previous = slot.__waybillLog;
  const written: string[] = [];
  slot.__waybillLog = createLog(
    new Writable({
      write(chunk, _encoding, done) {
        written.push(...String(chunk).split("\n").filter(Boolean));
        done();
      },
    }),
  );
  return {
    lines: () => written.map((line) => JSON.parse(line)),
    restore: () => {
      slot.__waybillLog = previous;
    },
  };
}
