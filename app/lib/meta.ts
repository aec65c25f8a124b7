import type { MetaDescriptor } from "react-router";
import { SITE } from "../../domain/site.ts";

export interface RootData {
  siteUrl: string;
  user: { id: string; name: string } | null;
}

type MatchLike = { id: string; loaderData?: unknown } | undefined;

export function rootDataFrom(matches: readonly MatchLike[]): RootData | undefined {
  return matches.find((m) => m?.id === "root")?.loaderData as RootData | undefined;
}

export function canonicalUrl(siteUrl: string, path: string): string {
  return `${siteUrl}${path === "/" ? "/" : path}`;
}

/**
 * Title, description, canonical link and share tags for one page. Every route's
 * `meta` goes through here so that no page ships without them.
 */
export function pageMeta(options: {
  title: string;
  description: string;
  path: string;
  matches: readonly MatchLike[];
  image?: string;
  type?: "website" | "article";
  /** A signed-in student's own page (practice, progress): kept out of search results. */
  noindex?: boolean;
}): MetaDescriptor[] {
  const siteUrl = rootDataFrom(options.matches)?.siteUrl ?? "";
  const url = canonicalUrl(siteUrl, options.path);
  const image = `${siteUrl}${options.image ?? "/images/og-default.svg"}`;
  return [
    { title: options.title },
    { name: "description", content: options.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: SITE.name },
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
