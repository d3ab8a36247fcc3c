// A fixed origin to resolve against: whatever leaves it would leave the site.
const SITE = "http://waybill.invalid";

/**
 * Where to go after signing in: a path on this site only, never another site (open redirect).
 * Control characters are refused outright (a browser drops a tab from `/\t/evil.example`, which
 * then reads as `//evil.example`); the rest is resolved as a browser would and must stay on the site.
 */
export function localPath(value: string | undefined, fallback = "/trackings"): string {
  if (!value || !value.startsWith("/") || /[\u0000-\u001f\u007f]/.test(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, SITE);
  } catch {
    return fallback;
  }
  // A path that resolves to `//host` would read as another site once sent back as a Location.
  if (url.origin !== SITE || url.pathname.startsWith("//")) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
