import { createHash } from "node:crypto";

/** What identifies a scan event: the courier, its local time, its words, its place and the carrier's code. */
export interface CheckpointIdentity {
  checkpointTime: string;
  message: string;
  location: string | null;
  city: string | null;
  rawTag: string | null;
}

// ASCII-only folding, so the SQL of migration 0010 (translate, regexp_replace) computes the same hash.
const SPACES = /[ \t\n\r\f\v]+/g;
const normalized = (text: string) =>
  text
    .replace(SPACES, " ")
    .replace(/^ | $/g, "")
    .replace(/[A-Z]/g, (letter) => letter.toLowerCase());

/**
 * A checkpoint's stable hash, the one dedupe rule at parse and at store: a carrier repeating an
 * event, however it spaces or capitalises it, gives the same hash.
 */
export function checkpointHash(slug: string, checkpoint: CheckpointIdentity): string {
  const parts = [
    slug,
    checkpoint.checkpointTime,
    normalized(checkpoint.message),
    normalized(checkpoint.location ?? checkpoint.city ?? ""),
    checkpoint.rawTag ?? "",
  ];
  return createHash("sha256").update(parts.join("\u001f"), "utf8").digest("hex");
}
