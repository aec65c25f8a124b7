import { Link } from "react-router";
import type { ArticleSummary } from "../../server/content/articles.server.ts";
import { useT } from "../site/i18n";
import { ArticleDate } from "./article-body";

/** One blog card (spec §3 "Blog card"): image, heading, teaser and 'Read More'. */
export function BlogCard({ article, eager = false }: { article: ArticleSummary; eager?: boolean }) {
  const headingId = `card-${article.slug}`;
  const t = useT();
  return (
    <li className="flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      <img
        src={article.image}
        alt={article.imageAlt}
        width={article.imageWidth}
        height={article.imageHeight}
        loading={eager ? "eager" : "lazy"}
        decoding="async"
        className="h-auto w-full bg-indigo-100"
      />
      <div className="flex flex-1 flex-col p-4">
        <h2 id={headingId} className="text-lg leading-snug font-bold text-indigo-900">
          <Link to={article.path} className="hover:underline">
            {article.title}
          </Link>
        </h2>
        <p className="mt-1 text-xs text-slate-600">
          <ArticleDate date={article.date} />
        </p>
        <p className="mt-2 flex-1 text-slate-700">{article.teaser}</p>
        <p className="mt-4">
          <Link
            to={article.path}
            className="inline-block rounded-lg bg-indigo-700 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-800"
          >
            {t("blog.readMore")}
            <span className="sr-only">: {article.title}</span>
          </Link>
        </p>
      </div>
    </li>
  );
}
