import { SUBJECTS, subjectPath } from "../../domain/subjects.ts";
import { escapeHtml } from "../http/escape.server.ts";
import type { Article } from "./articles.server.ts";

export interface SitemapEntry {
  path: string;
  /** YYYY-MM-DD */
  lastmod?: string;
}

/** Every public page: not /login (a form) or /loader (an auxiliary screen). */
export function sitemapEntries(articles: readonly Pick<Article, "path" | "date">[]): SitemapEntry[] {
  return [
    { path: "/" },
    ...SUBJECTS.map((subject) => ({ path: subjectPath(subject) })),
    { path: "/blogs" },
    ...articles.map((article) => ({ path: article.path, lastmod: article.date })),
    { path: "/about-us" },
    { path: "/contact-us" },
    { path: "/terms-&-conditions" },
    { path: "/privacy-&-policy" },
  ];
}

export function sitemapXml(siteUrl: string, entries: readonly SitemapEntry[]): string {
  const urls = entries.map((entry) => {
    const loc = `    <loc>${escapeHtml(`${siteUrl}${encodeURI(entry.path)}`)}</loc>`;
    const lastmod = entry.lastmod ? `\n    <lastmod>${entry.lastmod}</lastmod>` : "";
    return `  <url>\n${loc}${lastmod}\n  </url>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
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
    "",
    `Sitemap: ${siteUrl}/sitemap.xml`,
    "",
  ].join("\n");
}
