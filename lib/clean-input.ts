// PostgreSQL text and jsonb cannot hold U+0000, and jsonb refuses lone UTF-16 surrogates: input
// carrying them is refused or repaired before any query sees it (it would fail there as a 500).

const NUL = "\u0000";
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** The path of the first string (value or object key) holding U+0000, or null when there is none. */
export function nulPathOf(value: unknown, path: string[] = []): string[] | null {
  if (typeof value === "string") return value.includes(NUL) ? path : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = nulPathOf(value[i], [...path, String(i)]);
      if (found) return found;
    }
    return null;
  }
  if (value !== null && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      if (key.includes(NUL)) return [...path, key.replaceAll(NUL, "")];
      const found = nulPathOf(item, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}

/** Lone surrogates replaced with U+FFFD, as storing them in a text column would. */
export function withWellFormedStrings(value: unknown): unknown {
  if (typeof value === "string") return value.replace(LONE_SURROGATE, "\uFFFD");
  if (Array.isArray(value)) return value.map(withWellFormedStrings);
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key.replace(LONE_SURROGATE, "\uFFFD"), withWellFormedStrings(item)]));
  }
  return value;
}
