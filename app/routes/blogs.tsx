import { useEffect, useRef } from "react";
import { localeFromPath } from "../../domain/i18n.ts";
import { blogPage, getArticles } from "../../server/content/articles.server.ts";
import { BlogCard } from "../articles/blog-card";
import { BlogPagination, blogPageHref } from "../articles/blog-pagination";
import { Breadcrumbs } from "../site/breadcrumbs";
import { i18nFrom, useT } from "../site/i18n";
import { pageMeta } from "../site/meta";
import type { Route } from "./+types/blogs";

export function loader({ url }: Route.LoaderArgs) {
  return blogPage(url.searchParams.get("page"), getArticles(localeFromPath(url.pathname)));
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const page = loaderData?.page ?? 1;
  const pageCount = loaderData?.pageCount ?? 1;
  const { _: t } = i18nFrom(matches);
  return pageMeta({
    title: page === 1 ? t("blog.metaTitle") : t("blog.metaTitlePage", { page, pageCount }),
    description: page === 1 ? t("blog.metaDescription") : t("blog.metaDescriptionPage", { page, pageCount }),
    path: blogPageHref(page),
    matches,
  });
}

function prefersReducedMotion(): boolean {
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

export default function Blogs({ loaderData }: Route.ComponentProps) {
  const { page, pageCount, articles } = loaderData;
  const shownPage = useRef(page);
  const t = useT();

  // Spec §4: a page button switches page and scrolls smoothly to the top.
  useEffect(() => {
    if (shownPage.current === page) return;
    shownPage.current = page;
    window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? "auto" : "smooth" });
  }, [page]);

  return (
    <>
      <Breadcrumbs label={t("common.nav.blogs")} path="/blogs" />
      <section className="bg-indigo-900 text-white" aria-labelledby="blogs-title">
        <div className="mx-auto max-w-6xl px-4 py-8 sm:py-12">
          <p className="text-sm font-semibold tracking-wide text-amber-300 uppercase">{t("blog.kicker")}</p>
          <h1 id="blogs-title" className="mt-1 text-2xl font-bold sm:text-4xl">
            {t("blog.title")}
          </h1>
          <p className="mt-2 max-w-2xl text-indigo-100">{t("blog.intro")}</p>
        </div>
      </section>
      <div className="mx-auto max-w-6xl px-4 py-8">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-label={t("blog.listLabel", { page, pageCount })}>
          {articles.map((article, index) => (
            <BlogCard key={article.slug} article={article} eager={index < 2} />
          ))}
        </ul>
        <BlogPagination page={page} pageCount={pageCount} />
      </div>
    </>
  );
}
