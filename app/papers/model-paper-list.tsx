import { Link } from "react-router";
import type { ModelPaperSummary } from "../../server/model-papers/catalog.server.ts";
import { useDuration, useLocale, useT } from "../site/i18n";

const linkClass = "font-semibold text-indigo-800 underline";
const buttonBase = "inline-flex items-center justify-center rounded-lg px-4 py-2 text-sm font-semibold";

/** "Model papers with full solutions": PaperStation's own papers for the subject and medium. */
export function ModelPaperList({
  papers,
  note,
  base,
}: {
  papers: ModelPaperSummary[];
  note?: string | null | undefined;
  /** The subject page's path (English). */
  base: string;
}) {
  const t = useT();
  const { path } = useLocale();
  const duration = useDuration();
  if (papers.length === 0) return null;
  return (
    <section aria-labelledby="model-papers" className="mb-8">
      <h2 id="model-papers" className="text-xl font-bold text-indigo-900">
        {t("paper.list.title")}
      </h2>
      <p className="mt-1 max-w-3xl text-sm text-slate-700">
        {t("paper.list.intro")}{" "}
        {/* The subject's chapter practice and new papers in its pattern, beside its papers (issue 25 §3, §4): the
            last segments of app/pages.ts CHAPTER_PRACTICE and new-paper, written out, because importing them
            brings the page table into the subject page's scripts (+0.5 KB, over its budget). */}
        <a href={path(`${base}/chapter-practice`)} className={linkClass}>
          {t("paper.bank.link")}
        </a>{" "}
        <a href={path(`${base}/new-paper`)} className={linkClass}>
          {t("paper.made.link")}
        </a>
      </p>
      {note ? <p className="mt-1 max-w-3xl text-sm font-medium text-amber-900">{note}</p> : null}
      <ul className="mt-4 grid gap-4 sm:grid-cols-2">
        {papers.map((paper) => (
          <li
            key={paper.id}
            className="rounded-xl border border-indigo-200 bg-white p-4 shadow-sm"
            data-model-paper={paper.id}
          >
            <h3 className="text-lg font-semibold text-slate-900" lang={paper.language}>
              {paper.title}
            </h3>
            <p className="mt-1 text-sm text-slate-700">
              {t("subject.marks", { marks: paper.marks })} · {duration(paper.duration_minutes)}
            </p>
            <p className="mt-1 text-sm text-slate-700" lang={paper.language}>
              <span className="sr-only">{t("paper.list.chapters")} </span>
              {paper.chapters.join(" · ")}
            </p>
            <div className="mt-4 flex flex-wrap gap-2">
              <Link to={path(paper.page_url)} className={`${buttonBase} bg-indigo-700 text-white hover:bg-indigo-800`}>
                {t("paper.list.open")}
                <span className="sr-only">: {paper.title}</span>
              </Link>
              <Link
                to={path(`/practice/new?paper=${paper.id}`)}
                className={`${buttonBase} border border-green-700 text-green-900 hover:bg-green-50`}
              >
                {t("paper.list.practise")}
                <span className="sr-only">: {t("paper.list.timed", { title: paper.title })}</span>
              </Link>
              <Link
                to={path(`${paper.page_url}?answers=all`)}
                className={`${buttonBase} border border-indigo-700 text-indigo-800 hover:bg-indigo-50`}
              >
                {t("subject.solution")}
                <span className="sr-only">: {paper.title}</span>
              </Link>
            </div>
            <a
              href={path(`/report?paper=${paper.id}`)}
              className="mt-3 inline-block py-1 text-sm text-slate-700 underline"
            >
              {t("subject.report")}
              <span className="sr-only">: {paper.title}</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
