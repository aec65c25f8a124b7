/**
 * The site's two interface languages (issue 14). English pages keep the spec's paths; the Marathi page of
 * every path is the same path under `/mr`. Isomorphic: the server, the routes and the components all use it.
 */
export const LOCALES = ["en", "mr"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

/** BCP 47 tags of the pages' languages (structured data's `inLanguage`). */
export const LANGUAGE_TAG: Record<Locale, string> = { en: "en-IN", mr: "mr-IN" };

/**
 * What `Intl` formats with (dates, numbers, plurals). Marathi pages write the digits 0-9, as the Marathi-medium
 * papers, the articles and the board's own pages do (and as a phone's keyboard types them): `mr-IN` with the
 * Latin numbering system. Month and weekday names stay Marathi.
 */
export const INTL_LOCALE: Record<Locale, string> = { en: "en-IN", mr: "mr-IN-u-nu-latn" };

/** The language switch's label for each language, written in that language. */
export const LOCALE_NAMES: Record<Locale, string> = { en: "English", mr: "मराठी" };

/** The cookie that remembers a visitor's explicit choice of language. */
export const LANGUAGE_COOKIE = "ps_lang";
/** Set once the Marathi offer has been shown, so that it is shown only once. */
export const LANGUAGE_OFFERED_COOKIE = "ps_lang_offered";

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

const MARATHI_PREFIX = "/mr";

/** The language of a page path: `/mr` and `/mr/…` are Marathi, everything else English. */
export function localeFromPath(pathname: string): Locale {
  return pathname === MARATHI_PREFIX || pathname.startsWith(`${MARATHI_PREFIX}/`) ? "mr" : "en";
}

/** The English path of a page path (`/mr/blogs` → `/blogs`, `/mr` → `/`). */
export function basePath(pathname: string): string {
  if (localeFromPath(pathname) === "en") return pathname;
  return pathname.slice(MARATHI_PREFIX.length) || "/";
}

/**
 * A site path in a language: `/blogs` → `/mr/blogs`, `/` → `/mr`. Paths already in Marathi are first
 * turned back into English, so calling it twice is safe. Query strings and fragments are kept.
 */
export function localizePath(path: string, locale: Locale): string {
  if (!path.startsWith("/") || path.startsWith("//")) return path;
  const cut = path.search(/[?#]/);
  const [pathname, rest] = cut === -1 ? [path, ""] : [path.slice(0, cut), path.slice(cut)];
  const base = basePath(pathname);
  if (locale === "en") return base + rest;
  return (base === "/" ? MARATHI_PREFIX : `${MARATHI_PREFIX}${base}`) + rest;
}

// Intl's formatters are slow to build (tens of microseconds each) and pages format many values: one each.
const numberFormats = new Map<string, Intl.NumberFormat>();
const dayFormats = new Map<Locale, Intl.DateTimeFormat>();

/** Formats numbers for a page's language. */
export function formatNumber(locale: Locale, value: number, options?: Intl.NumberFormatOptions): string {
  const key = `${locale}${options ? JSON.stringify(options) : ""}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(INTL_LOCALE[locale], options);
    numberFormats.set(key, format);
  }
  return format.format(value);
}

/** Formats a YYYY-MM-DD date (a calendar day, so in UTC) for a language: "17 September 2026", "17 सप्टेंबर, 2026". */
export function formatDay(locale: Locale, isoDay: string): string {
  let format = dayFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(INTL_LOCALE[locale], {
      day: "numeric",
      month: "long",
      year: "numeric",
      timeZone: "UTC",
    });
    dayFormats.set(locale, format);
  }
  return format.format(new Date(`${isoDay}T00:00:00Z`));
}

/** The day a moment falls on in India (UTC+5:30), as a student's calendar has it, for `formatDay`. */
export function indianDay(moment: Date | string): string {
  return new Date(new Date(moment).getTime() + 330 * 60_000).toISOString().slice(0, 10);
}

/** A compiled catalog, as Lingui's runtime reads it: key → compiled ICU message (plain JSON, sent to pages). */
export type CompiledCatalog = Record<string, string | unknown[]>;

/**
 * `common` and `api` are on every page; each page declares the others it needs in app/pages.ts, and its HTML
 * carries only those. A page missing a namespace would show raw keys, which the integration tests look for on
 * every kind of page.
 */
const ALWAYS = new Set(["common", "api"]);

/** Whether a catalog namespace belongs with a page's set (the site-wide ones always do). */
export function namespaceInSet(namespace: string, set: readonly string[]): boolean {
  return ALWAYS.has(namespace) || set.includes(namespace);
}
