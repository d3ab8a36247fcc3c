/**
 * Page-based lists (v4, 2024-07) are newest first, so a tracking created while a client pages
 * would push every later page down by one. Page 1 without `created_at_max` pins "now" for that
 * query; later pages of the same query reuse it, so no row is skipped or repeated.
 */
const SNAPSHOT_TTL_MS = 30 * 60_000;
const MAX_SNAPSHOTS = 10_000;
const snapshots = new Map<string, { at: Date; expiresAtMs: number }>();

export function listSnapshotTime(organizationId: string, queryKey: string, page: number, nowMs = Date.now()): Date {
  const key = `${organizationId}|${queryKey}`;
  const existing = snapshots.get(key);
  if (page > 1 && existing && existing.expiresAtMs > nowMs) return existing.at;
  if (snapshots.size >= MAX_SNAPSHOTS) snapshots.clear();
  const at = new Date(nowMs);
  snapshots.set(key, { at, expiresAtMs: nowMs + SNAPSHOT_TTL_MS });
  return at;
}
