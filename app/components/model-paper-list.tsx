import { Link } from "react-router";
import { formatDuration } from "../../domain/catalog.ts";
import type { ModelPaperSummary } from "../../server/model-papers/catalog.server.ts";

const buttonBase = "inline-flex items-center justify-center rounded-lg px-4 py-2 text-sm font-semibold";

/** "Model papers with full solutions": PaperStation's own papers for the subject and medium. */
export function ModelPaperList({ papers, note }: { papers: ModelPaperSummary[]; note?: string | undefined }) {
  if (papers.length === 0) return null;
  return (
    <section aria-labelledby="model-papers" className="mb-8">
      <h2 id="model-papers" className="text-xl font-bold text-indigo-900">
        Model papers with full solutions
      </h2>
      <p className="mt-1 max-w-3xl text-sm text-slate-700">
        Written by PaperStation on the board's current pattern, with a worked answer and marking points for every
        question.
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
              {paper.marks} marks · {formatDuration(paper.duration_minutes)}
            </p>
            <p className="mt-1 text-sm text-slate-700" lang={paper.language}>
              <span className="sr-only">Chapters: </span>
              {paper.chapters.join(" · ")}
            </p>
            <div className="mt-4 flex flex-wrap gap-2">
              <Link to={paper.page_url} className={`${buttonBase} bg-indigo-700 text-white hover:bg-indigo-800`}>
                Open paper<span className="sr-only">: {paper.title}</span>
              </Link>
              <Link
                to={`/practice/new?paper=${paper.id}`}
                className={`${buttonBase} border border-green-700 text-green-900 hover:bg-green-50`}
              >
                Practise<span className="sr-only">: {paper.title}, timed</span>
              </Link>
              <Link
                to={`${paper.page_url}?answers=all`}
                className={`${buttonBase} border border-indigo-700 text-indigo-800 hover:bg-indigo-50`}
              >
                Solution<span className="sr-only">: {paper.title}</span>
              </Link>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
