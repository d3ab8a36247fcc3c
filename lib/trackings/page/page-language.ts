import { PAGE_LANGUAGES, type PageLanguage } from "../shopper-texts";

const isPageLanguage = (value: string): value is PageLanguage => (PAGE_LANGUAGES as readonly string[]).includes(value);

/** The languages an organisation's page offers, the default first: its choice, else all of them. */
export function offeredLanguages(configured: readonly string[] | undefined): PageLanguage[] {
  const chosen = (configured ?? []).filter(isPageLanguage);
  return chosen.length > 0 ? chosen : [...PAGE_LANGUAGES];
}

/**
 * The page's language: `?lang=` when offered, else the best of `Accept-Language` by its q-values
 * ("de-AT" counts as "de"), else the organisation's default.
 */
export function pageLanguage(offered: readonly PageLanguage[], requested: string | null | undefined, acceptLanguage: string | null): PageLanguage {
  const asked = requested?.trim().toLowerCase();
  if (asked && offered.includes(asked as PageLanguage)) return asked as PageLanguage;
  const ranked = (acceptLanguage ?? "")
    .split(",")
    .map((part, index) => {
      const [range = "", ...params] = part.trim().split(";");
      const q = Number(
        params
          .find((param) => param.trim().startsWith("q="))
          ?.trim()
          .slice(2) ?? "1",
      );
      return { primary: range.trim().toLowerCase().split("-")[0] ?? "", q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked.map((entry) => entry.primary).find((primary): primary is PageLanguage => offered.includes(primary as PageLanguage)) ?? offered[0]!;
}
