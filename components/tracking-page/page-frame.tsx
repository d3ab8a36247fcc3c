import type { CSSProperties, ReactNode } from "react";
import type { PageBrand } from "@/lib/trackings/page/page-brand";
import { LANGUAGE_NAMES, SHOPPER_TEXTS, type PageLanguage } from "@/lib/trackings/shopper-texts";

const DEFAULT_ACCENT = "#4338ca";

interface PageFrameProps {
  brand: PageBrand;
  language: PageLanguage;
  languages: readonly PageLanguage[];
  /** The page's own path, for the language links. */
  path: string;
  children: ReactNode;
}

/** The merchant's frame around the tracking page: its name or logo, colour, help links and languages. */
export function PageFrame({ brand, language, languages, path, children }: PageFrameProps) {
  const texts = SHOPPER_TEXTS[language];
  const { settings } = brand;
  const accent = { "--accent": settings.accentColor ?? DEFAULT_ACCENT } as CSSProperties;
  const title = settings.displayName || brand.name;
  const links = settings.links ?? [];
  return (
    <div lang={language} style={accent} className="min-h-screen bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-2xl items-center justify-between gap-4 px-4 py-4">
          {brand.logoUrl ? (
            // eslint-disable-next-line @next/next/no-img-element -- the logo is served by this server, sized by the merchant
            <img src={brand.logoUrl} alt={title} className="h-10 w-auto max-w-[12rem] object-contain" />
          ) : (
            <span className="text-lg font-semibold text-slate-900">{title}</span>
          )}
          {languages.length > 1 && (
            <nav aria-label={texts.language} className="flex flex-wrap gap-2 text-sm">
              {languages.map((code) => (
                <a
                  key={code}
                  href={`${path}${path.includes("?") ? "&" : "?"}lang=${code}`}
                  hrefLang={code}
                  lang={code}
                  aria-label={`${code.toUpperCase()} ${LANGUAGE_NAMES[code]}`}
                  aria-current={code === language ? "true" : undefined}
                  className={code === language ? "font-semibold text-slate-900" : "text-slate-700 underline-offset-2 hover:underline"}
                >
                  {code.toUpperCase()}
                </a>
              ))}
            </nav>
          )}
        </div>
      </header>
      <main id="main" className="mx-auto max-w-2xl px-4 py-6">
        {children}
      </main>
      {(links.length > 0 || settings.supportEmail) && (
        <footer className="mx-auto max-w-2xl px-4 pb-10">
          <h2 className="text-sm font-semibold text-slate-900">{texts.help}</h2>
          <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-2 text-sm">
            {links.map((link) => (
              <li key={link.url}>
                <a href={link.url} rel="noopener noreferrer" className="text-[var(--accent)] underline underline-offset-2">
                  {link.label}
                </a>
              </li>
            ))}
            {settings.supportEmail && (
              <li>
                <a href={`mailto:${settings.supportEmail}`} className="text-[var(--accent)] underline underline-offset-2">
                  {texts.contact}: {settings.supportEmail}
                </a>
              </li>
            )}
          </ul>
        </footer>
      )}
    </div>
  );
}
