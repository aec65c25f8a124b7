import { useEffect } from "react";
import { data, Link, useNavigationType } from "react-router";
import { basePath, localeFromPath } from "../../domain/i18n.ts";
import { getArticle } from "../../server/content/articles.server.ts";
import { ArticleBody, ArticleDate } from "../articles/article-body";
import { ArticleJsonLd } from "../articles/article-json-ld";
import { CommunityBlock } from "../articles/community-block";
import { Breadcrumbs } from "../site/breadcrumbs";
import { i18nFrom, useLocale, useT } from "../site/i18n";
import { pageMeta } from "../site/meta";
import type { Route } from "./+types/article";

export function loader({ url }: Route.LoaderArgs) {
  // `url`, not `request.url`: on a client navigation the request is `/<slug>.data`.
  const slug = basePath(url.pathname).replace(/^\/+|\/+$/g, "");
  const article = getArticle(slug, localeFromPath(url.pathname));
  if (!article) throw data(null, { status: 404 });
  const { markdown: _markdown, ...rest } = article;
  return rest;
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { _: t } = i18nFrom(matches);
  return [
    ...pageMeta({
      title: t("blog.articleTitle", { title: loaderData.title }),
      description: loaderData.description,
      path: loaderData.path,
      alternates: loaderData.alternates,
      matches,
      image: loaderData.image,
      type: "article",
    }),
    { property: "article:published_time", content: loaderData.date },
  ];
}

export default function Article({ loaderData: article }: Route.ComponentProps) {
  const navigationType = useNavigationType();
  const t = useT();
  const { path } = useLocale();
  // Opening an article starts at its top; going back (POP) keeps the restored position.
  useEffect(() => {
    if (navigationType !== "POP") window.scrollTo({ top: 0, left: 0, behavior: "instant" });
  }, [navigationType]);

  return (
    <>
      <Breadcrumbs label={article.title} path={article.path} />
      <article className="mx-auto max-w-3xl px-4 pt-6 pb-4" aria-labelledby="article-title">
        <img
          src={article.image}
          alt={article.imageAlt}
          width={article.imageWidth}
          height={article.imageHeight}
          fetchPriority="high"
          decoding="async"
          className="h-auto w-full rounded-2xl bg-indigo-100"
        />
        <h1 id="article-title" className="mt-6 text-2xl leading-tight font-bold text-indigo-900 sm:text-3xl">
          {article.title}
        </h1>
        <p className="mt-2 text-sm text-slate-600">
          {t("blog.published")} <ArticleDate date={article.date} />
        </p>
        <ArticleBody html={article.html} className="mt-6" />
        <p className="mt-10 flex flex-wrap gap-3">
          <Link
            to={path("/")}
            className="rounded-lg bg-indigo-700 px-5 py-2 font-semibold text-white hover:bg-indigo-800"
          >
            {t("blog.backHome")}
          </Link>
          <Link
            to={path("/blogs")}
            className="rounded-lg border border-indigo-700 px-5 py-2 font-semibold text-indigo-800 hover:bg-indigo-50"
          >
            {t("blog.more")}
          </Link>
        </p>
        <ArticleJsonLd article={article} />
      </article>
      <CommunityBlock />
    </>
  );
}
