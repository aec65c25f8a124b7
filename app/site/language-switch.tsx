import { useLocation, useMatches } from "react-router";
import { LOCALE_NAMES, LOCALES, type Locale, localizePath } from "../../domain/i18n.ts";
import { useRootData } from "./root-data";

/**
 * The language switch's link: `/language/<locale>?next=<the same page in that language>`. The server records
 * the choice in a cookie and redirects, so the switch works without JavaScript and reloads the whole document
 * (its `lang`, its catalog and its font).
 */
export function languageSwitchHref(locale: Locale, next: string): string {
  return `/language/${locale}?next=${encodeURIComponent(localizePath(next, locale))}`;
}

/** Pages whose other-language path is not just `/mr` added or removed (articles) say so in their loader data. */
export interface Alternates {
  alternates?: Record<Locale, string>;
}

/** The current page in another language. */
function useAlternatePath(locale: Locale): string {
  const location = useLocation();
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const alternates = (matches[i]?.loaderData as Alternates | undefined)?.alternates;
    if (alternates) return alternates[locale];
  }
  return localizePath(location.pathname, locale) + location.search;
}

/** "English | मराठी" in the header: each language named in itself, the current one marked. */
export function LanguageSwitch() {
  const { locale } = useRootData();
  const other = LOCALES.find((l) => l !== locale) ?? "en";
  const target = useAlternatePath(other);
  return (
    <a
      href={languageSwitchHref(other, target)}
      hrefLang={other}
      lang={other}
      rel="alternate"
      className="block rounded-md border border-slate-300 px-3 py-2 text-center text-sm font-semibold text-indigo-800 hover:bg-indigo-50"
    >
      {LOCALE_NAMES[other]}
    </a>
  );
}
