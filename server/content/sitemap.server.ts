import { LOCALES, type Locale, localizePath } from "../../domain/i18n.ts";
import { SUBJECTS, subjectPath } from "../../domain/subjects.ts";
import { escapeHtml } from "../http/escape.server.ts";
import type { Article } from "./articles.server.ts";

export interface SitemapEntry {
  path: string;
  /** YYYY-MM-DD */
  lastmod?: string;
  /** The same page in each language (`hreflang` alternates). */
  alternates: Record<Locale, string>;
}

type ArticleLike = Pick<Article, "path" | "date" | "alternates">;

/**
 * Every public page in both languages: not /login (a form) or /loader (an auxiliary screen). Each entry names
 * its other-language page, as the pages' own `hreflang` links do.
 */
export function sitemapEntries(articles: Record<Locale, readonly ArticleLike[]>): SitemapEntry[] {
  const pages = [
    "/",
    ...SUBJECTS.map((subject) => subjectPath(subject)),
    "/blogs",
    "/about-us",
    "/contact-us",
    "/terms-&-conditions",
    "/privacy-&-policy",
  ];
  return LOCALES.flatMap((locale) => [
    ...pages.map((path) => ({
      path: localizePath(path, locale),
      alternates: { en: path, mr: localizePath(path, "mr") },
    })),
    ...articles[locale].map((article) => ({
      path: article.path,
      lastmod: article.date,
      alternates: article.alternates,
    })),
  ]);
}

export function sitemapXml(siteUrl: string, entries: readonly SitemapEntry[]): string {
  const urls = entries.map((entry) => {
    const loc = `    <loc>${escapeHtml(`${siteUrl}${encodeURI(entry.path)}`)}</loc>`;
    const lastmod = entry.lastmod ? `\n    <lastmod>${entry.lastmod}</lastmod>` : "";
    const link = (hreflang: string, path: string) =>
      `\n    <xhtml:link rel="alternate" hreflang="${hreflang}" href="${escapeHtml(`${siteUrl}${encodeURI(path)}`)}"/>`;
    const alternates = [
      ...LOCALES.map((locale) => link(locale, entry.alternates[locale])),
      link("x-default", entry.alternates.en),
    ].join("");
    return `  <url>\n${loc}${lastmod}${alternates}\n  </url>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
}

export function robotsTxt(siteUrl: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    "Disallow: /api/",
    "Disallow: /loader",
    "Disallow: /mr/loader",
    "Disallow: /language/",
    "Disallow: /i18n/",
    "",
    `Sitemap: ${siteUrl}/sitemap.xml`,
    "",
  ].join("\n");
}
