/** Whether a write failed on the named unique index (PGlite and postgres word the error alike; drizzle wraps it as the cause). */
export function isUniqueViolation(error: unknown, index: string): boolean {
  const text = `${(error as { message?: string })?.message ?? ""} ${String((error as { cause?: unknown })?.cause ?? "")}`;
  return text.includes(index);
}
