import { Link } from "react-router";
import { useLocale, useT } from "../site/i18n";

export function blogPageHref(page: number): string {
  return page === 1 ? "/blogs" : `/blogs?page=${page}`;
}

/**
 * Numbered page buttons. They are plain links (`/blogs?page=2`), so paging works without
 * JavaScript; with it, the page keeps its scroll position and the route scrolls up smoothly.
 */
export function BlogPagination({ page, pageCount }: { page: number; pageCount: number }) {
  if (pageCount < 2) return null;
  const pages = Array.from({ length: pageCount }, (_, i) => i + 1);
  return <PageLinks page={page} pages={pages} />;
}

function PageLinks({ page, pages }: { page: number; pages: number[] }) {
  const t = useT();
  const { path } = useLocale();
  return (
    <nav aria-label={t("blog.pagesLabel")} className="mt-8">
      <ul className="flex flex-wrap justify-center gap-2">
        {pages.map((n) => (
          <li key={n}>
            <Link
              to={path(blogPageHref(n))}
              preventScrollReset
              aria-label={t("blog.pageLabel", { page: n })}
              aria-current={n === page ? "page" : undefined}
              className={`flex h-11 min-w-11 items-center justify-center rounded-lg border px-3 font-semibold ${
                n === page
                  ? "border-indigo-700 bg-indigo-700 text-white"
                  : "border-slate-300 bg-white text-indigo-800 hover:bg-indigo-50"
              }`}
            >
              {n}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
