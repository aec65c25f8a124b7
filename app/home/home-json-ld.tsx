import { LANGUAGE_TAG, localizePath } from "../../domain/i18n.ts";
import { SITE, SOCIAL_LINKS } from "../../domain/site.ts";
import { JsonLd } from "../site/breadcrumbs";
import { useT } from "../site/i18n";
import { canonicalUrl } from "../site/meta";
import { useRootData } from "../site/root-data";

/** WebSite and Organization structured data for the home page (place it once, anywhere in the page). */
export function HomeJsonLd() {
  const { siteUrl, locale } = useRootData();
  const t = useT();
  const home = canonicalUrl(siteUrl, localizePath("/", locale));
  return (
    <JsonLd
      data={{
        "@context": "https://schema.org",
        "@graph": [
          {
            "@type": "WebSite",
            "@id": `${home}#website`,
            url: home,
            name: SITE.name,
            description: t("common.site.defaultDescription"),
            inLanguage: LANGUAGE_TAG[locale],
            publisher: { "@id": `${home}#organization` },
          },
          {
            "@type": "Organization",
            "@id": `${home}#organization`,
            name: SITE.name,
            url: home,
            logo: `${siteUrl}/favicon.svg`,
            slogan: t("common.site.tagline"),
            sameAs: Object.values(SOCIAL_LINKS).map((link) => link.href),
          },
        ],
      }}
    />
  );
}
