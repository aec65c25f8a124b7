import { Link } from "react-router";
import { useLocale, useT } from "./i18n";
import { canonicalUrl } from "./meta";
import { useRootData } from "./root-data";

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
  const t = useT();
  const { path: localized } = useLocale();
  const trail = [{ label: t("common.breadcrumbs.home"), path: "/" }, ...(parent ? [parent] : []), { label, path }].map(
    (crumb) => ({ ...crumb, path: localized(crumb.path) }),
  );
  const [home, middle] = [trail[0], parent ? trail[1] : undefined];
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
    <nav aria-label={t("common.breadcrumbs.label")} className="bg-indigo-50">
      <ol className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-2 gap-y-1 px-4 py-2 text-sm text-slate-700">
        <li>
          <Link to={home?.path ?? "/"} className="inline-block py-1 font-medium text-indigo-800 hover:underline">
            {home?.label}
          </Link>
        </li>
        {middle ? (
          <>
            <li aria-hidden="true">&gt;</li>
            <li>
              <Link to={middle.path} className="inline-block py-1 font-medium text-indigo-800 hover:underline">
                {middle.label}
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
