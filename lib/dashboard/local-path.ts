/** Where to go after signing in: a path on this site only, never another site (open redirect). */
export function localPath(value: string | undefined, fallback = "/trackings"): string {
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  return value;
}
