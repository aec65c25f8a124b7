import { Link } from "react-router";
import { canonicalUrl } from "../lib/meta";
import { useRootData } from "../lib/root-data";

/** "Home > page" (or "Home > parent > page") bar with BreadcrumbList structured data (spec §2 "Breadcrumbs"). */
export function Breadcrumbs({
  label,
  path,
  parent,
}: {
  label: string;
  path: string;
  parent?: { label: string; path: string };
}) {
  const { siteUrl } = useRootData();
  const trail = [{ label: "Home", path: "/" }, ...(parent ? [parent] : []), { label, path }];
  const jsonLd = {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: trail.map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.label,
      item: canonicalUrl(siteUrl, crumb.path),
    })),
  };
  return (
    <nav aria-label="Breadcrumb" className="bg-indigo-50">
      <ol className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-2 gap-y-1 px-4 py-2 text-sm text-slate-700">
        <li>
          <Link to="/" className="inline-block py-0.5 font-medium text-indigo-800 hover:underline">
            Home
          </Link>
        </li>
        {parent ? (
          <>
            <li aria-hidden="true">&gt;</li>
            <li>
              <Link to={parent.path} className="inline-block py-0.5 font-medium text-indigo-800 hover:underline">
                {parent.label}
              </Link>
            </li>
          </>
        ) : null}
        <li aria-hidden="true">&gt;</li>
        <li aria-current="page" className="min-w-0 truncate font-semibold">
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
