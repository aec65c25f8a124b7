import { Link } from "react-router";
import { canonicalUrl } from "../lib/meta";
import { useRootData } from "../lib/root-data";

/** "Home > page" bar with BreadcrumbList structured data (spec §2 "Breadcrumbs"). */
export function Breadcrumbs({ label, path }: { label: string; path: string }) {
  const { siteUrl } = useRootData();
  const jsonLd = {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: [
      { "@type": "ListItem", position: 1, name: "Home", item: canonicalUrl(siteUrl, "/") },
      { "@type": "ListItem", position: 2, name: label, item: canonicalUrl(siteUrl, path) },
    ],
  };
  return (
    <nav aria-label="Breadcrumb" className="bg-indigo-50">
      <ol className="mx-auto flex max-w-6xl items-center gap-2 px-4 py-2 text-sm text-slate-700">
        <li>
          <Link to="/" className="font-medium text-indigo-800 hover:underline">
            Home
          </Link>
        </li>
        <li aria-hidden="true">&gt;</li>
        <li aria-current="page" className="font-semibold">
          {label}
        </li>
      </ol>
      <JsonLd data={jsonLd} />
    </nav>
  );
}

/** Structured data is inert JSON: `<` is escaped so no text can close the script element. */
export function JsonLd({ data }: { data: unknown }) {
  const json = JSON.stringify(data).replace(/</g, "\\u003c");
  // biome-ignore lint/security/noDangerouslySetInnerHtml: escaped JSON, not HTML
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}
