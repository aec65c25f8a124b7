import { SITE, SOCIAL_LINKS } from "../../domain/site.ts";
import { canonicalUrl } from "../lib/meta";
import { useRootData } from "../lib/root-data";
import { JsonLd } from "./breadcrumbs";

/** WebSite and Organization structured data for the home page (place it once, anywhere in the page). */
export function HomeJsonLd() {
  const { siteUrl } = useRootData();
  const home = canonicalUrl(siteUrl, "/");
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
            description: SITE.defaultDescription,
            inLanguage: "en-IN",
            publisher: { "@id": `${home}#organization` },
          },
          {
            "@type": "Organization",
            "@id": `${home}#organization`,
            name: SITE.name,
            url: home,
            logo: `${siteUrl}/favicon.svg`,
            slogan: SITE.tagline,
            sameAs: Object.values(SOCIAL_LINKS).map((link) => link.href),
          },
        ],
      }}
    />
  );
}
