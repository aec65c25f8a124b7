import { useEffect, useRef } from "react";
import { blogPage } from "../../server/content/articles.server.ts";
import { BlogCard } from "../components/blog-card";
import { BlogPagination, blogPageHref } from "../components/blog-pagination";
import { Breadcrumbs } from "../components/breadcrumbs";
import { pageMeta } from "../lib/meta";
import type { Route } from "./+types/blogs";

export function loader({ url }: Route.LoaderArgs) {
  return blogPage(url.searchParams.get("page"));
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const page = loaderData?.page ?? 1;
  const pageCount = loaderData?.pageCount ?? 1;
  return pageMeta({
    title:
      page === 1
        ? "SSC Exam Tips, Timetables and Results Blog | PaperStation"
        : `SSC Exam Tips, Timetables and Results Blog, Page ${page} of ${pageCount} | PaperStation`,
    description:
      page === 1
        ? "Practical articles for Maharashtra SSC students: exam planning, timetables, results, subject strategy and how to practise with previous-year papers."
        : `Page ${page} of ${pageCount} of the PaperStation blog: more practical articles for Maharashtra SSC students on exams, results and subject strategy.`,
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

  // Spec §4: a page button switches page and scrolls smoothly to the top.
  useEffect(() => {
    if (shownPage.current === page) return;
    shownPage.current = page;
    window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? "auto" : "smooth" });
  }, [page]);

  return (
    <>
      <Breadcrumbs label="Blogs" path="/blogs" />
      <section className="bg-indigo-900 text-white" aria-labelledby="blogs-title">
        <div className="mx-auto max-w-6xl px-4 py-8 sm:py-12">
          <p className="text-sm font-semibold tracking-wide text-amber-300 uppercase">PaperStation Blog</p>
          <h1 id="blogs-title" className="mt-1 text-2xl font-bold sm:text-4xl">
            Exam tips, timetables and results for SSC students
          </h1>
          <p className="mt-2 max-w-2xl text-indigo-100">
            Short, practical articles on planning, practising with previous-year papers and staying calm in exam season.
          </p>
        </div>
      </section>
      <div className="mx-auto max-w-6xl px-4 py-8">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-label={`Articles, page ${page} of ${pageCount}`}>
          {articles.map((article, index) => (
            <BlogCard key={article.slug} article={article} eager={index < 2} />
          ))}
        </ul>
        <BlogPagination page={page} pageCount={pageCount} />
      </div>
    </>
  );
}
