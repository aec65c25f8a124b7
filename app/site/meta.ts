import { isRouteErrorResponse, type MetaDescriptor } from "react-router";
import { LOCALES, type Locale, localizePath } from "../../domain/i18n.ts";
import { SITE } from "../../domain/site.ts";

export interface RootData {
  siteUrl: string;
  /** `due`: the reviews due today (issue 27), which the header shows. */
  user: { id: string; due: number } | null;
  /** The page's interface language, from its path. */
  locale: Locale;
  /** The key of the page's messages (its language and namespaces): see app/site/i18n.ts. */
  catalog: string;
  /**
   * Offer the Marathi pages once (an English page, no language chosen or offered yet, the Marathi medium
   * stored): the notice's texts, from the Marathi catalog, since it speaks to a Marathi reader.
   */
  offerMarathi: { label: string; text: string; accept: string; decline: string } | null;
  /** The subset Devanagari font's URL (absent before the first build). */
  fontUrl: string | null;
  /** The session store cannot be reached: the page is the 503 explanation. */
  unavailable: boolean;
}

/**
 * What a middleware throws to refuse a whole page before any loader runs (app/requests/root.server.ts `pageRefusal`):
 * the root's data travels in the error, since the root's loader did not run.
 */
export interface PageRefusal {
  root: RootData;
}

/** The root's data carried by a thrown page refusal, if the error is one. */
export function refusedRootData(error: unknown): RootData | undefined {
  return isRouteErrorResponse(error) ? (error.data as Partial<PageRefusal> | null)?.root : undefined;
}

export type MatchLike = { id: string; loaderData?: unknown } | undefined;

/** The root's data for `meta` functions: its loader's, or a page refusal's (`error`, the page's error). */
export function rootDataFrom(matches: readonly MatchLike[], error?: unknown): RootData | undefined {
  return (matches.find((m) => m?.id === "root")?.loaderData as RootData | undefined) ?? refusedRootData(error);
}

export function canonicalUrl(siteUrl: string, path: string): string {
  return `${siteUrl}${path === "/" ? "/" : path}`;
}

/**
 * Title, description, canonical link, language alternates and share tags for one page. Every route's
 * `meta` goes through here so that no page ships without them. `path` is the page's English path; the
 * canonical is the path in the page's own language, and `hreflang` links name both languages' pages.
 */
export function pageMeta(options: {
  title: string;
  description: string;
  path: string;
  matches: readonly MatchLike[];
  /** The page in each language when the paths differ by more than `/mr` (articles have their own slugs). */
  alternates?: Record<Locale, string>;
  image?: string;
  type?: "website" | "article";
  /** A signed-in student's own page (practice, progress): kept out of search results. */
  noindex?: boolean;
}): MetaDescriptor[] {
  const root = rootDataFrom(options.matches);
  const siteUrl = root?.siteUrl ?? "";
  const locale = root?.locale ?? "en";
  const pathIn = (l: Locale) => options.alternates?.[l] ?? localizePath(options.path, l);
  const url = canonicalUrl(siteUrl, pathIn(locale));
  const image = `${siteUrl}${options.image ?? "/images/og-default.svg"}`;
  // A student's own page (noindex) has no other-language page worth indexing.
  const alternates: MetaDescriptor[] = options.noindex
    ? []
    : [
        ...LOCALES.map((l) => ({
          tagName: "link",
          rel: "alternate",
          hrefLang: l,
          href: canonicalUrl(siteUrl, pathIn(l)),
        })),
        { tagName: "link", rel: "alternate", hrefLang: "x-default", href: canonicalUrl(siteUrl, pathIn("en")) },
      ];
  return [
    { title: options.title },
    { name: "description", content: options.description },
    { tagName: "link", rel: "canonical", href: url },
    ...alternates,
    { property: "og:site_name", content: SITE.name },
    { property: "og:locale", content: locale === "mr" ? "mr_IN" : "en_IN" },
    { property: "og:type", content: options.type ?? "website" },
    { property: "og:title", content: options.title },
    { property: "og:description", content: options.description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: options.title },
    { name: "twitter:description", content: options.description },
    { name: "twitter:image", content: image },
    ...(options.noindex ? [{ name: "robots", content: "noindex" }] : []),
  ];
}
