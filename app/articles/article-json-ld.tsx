import { LANGUAGE_TAG, localizePath } from "../../domain/i18n.ts";
import { SITE } from "../../domain/site.ts";
import { JsonLd } from "../site/breadcrumbs";
import { canonicalUrl } from "../site/meta";
import { useRootData } from "../site/root-data";

/** schema.org Article structured data for one article page. */
export function ArticleJsonLd({
  article,
}: {
  article: { path: string; title: string; description: string; date: string; image: string };
}) {
  const { siteUrl, locale } = useRootData();
  const url = canonicalUrl(siteUrl, article.path);
  const organization = {
    "@type": "Organization",
    name: SITE.name,
    url: canonicalUrl(siteUrl, localizePath("/", locale)),
    logo: { "@type": "ImageObject", url: `${siteUrl}/favicon.svg` },
  };
  return (
    <JsonLd
      data={{
        "@context": "https://schema.org",
        "@type": "Article",
        headline: article.title,
        description: article.description,
        image: [`${siteUrl}${article.image}`],
        datePublished: article.date,
        dateModified: article.date,
        inLanguage: LANGUAGE_TAG[locale],
        mainEntityOfPage: { "@type": "WebPage", "@id": url },
        url,
        author: organization,
        publisher: organization,
      }}
    />
  );
}
