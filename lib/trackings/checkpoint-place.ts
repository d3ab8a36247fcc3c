import type { Checkpoint } from "@/db/schema";

/** Where a scan happened, in one line for people: the carrier's location, else city, state and country. */
export function checkpointPlace(checkpoint: Checkpoint): string | null {
  const parts = checkpoint.location ? [checkpoint.location] : [checkpoint.city, checkpoint.state, checkpoint.countryName ?? checkpoint.countryIso3];
  return parts.filter((part): part is string => Boolean(part?.trim())).join(", ") || null;
}
