import type { MouseEvent } from "react";
import { SESSION_LABELS } from "../../domain/catalog.ts";
import type { PaperListItem, YearGroup } from "../../server/papers/catalog.server.ts";
import { type Translate, useDuration, useLocale, useT } from "../site/i18n";

export type PaperFileKind = "question" | "solution";

/** Called on a tap of 'Q Paper' or 'Solution'; it may cancel the link's default to show a dialog instead. */
export type OpenPaperHandler = (
  event: MouseEvent<HTMLAnchorElement>,
  request: { paper: PaperListItem; year: number; kind: PaperFileKind },
) => void;

/** "March 2023" ("मार्च 2023" on Marathi pages; without `t`, as the spec's English). */
export function paperTitle(t: Translate | undefined, paper: Pick<PaperListItem, "session">, year: number): string {
  return `${t ? t(`subject.session.${paper.session}`) : SESSION_LABELS[paper.session]} ${year}`;
}

const buttonBase = "inline-flex items-center justify-center rounded-lg px-4 py-2 text-sm font-semibold";

/** Where 'Solution' goes: the site's viewer page for that solution, in a new window (issue 12). */
export type SolutionHref = (paper: PaperListItem, year: number) => string;

/**
 * The listing: for each year a year badge, then one block per paper (spec §2 "Subject page").
 * 'Q Paper' links to the PDF and 'Solution' to its viewer page, so both work without JavaScript.
 */
export function SubjectPaperList({
  years,
  rows,
  missing,
  note,
  base,
  notes,
  onOpen,
  solutionHref,
}: {
  years: YearGroup[];
  /** Every year with a row, newest first: those with papers, and every board exam year (issue 25 §5). */
  rows: number[];
  /** Exam years whose March paper is not on the site (issue 25 §5), newest first. */
  missing: number[];
  /** After "Ask for this paper": the thank-you, or why it was refused, shown in that year's row. */
  note: { year: number; text: string; alert: boolean } | null;
  /** The subject page's path (English), for the rows' links. */
  base: string;
  /** What happened in each year's exam, from the loader (the notes stay out of the page's scripts). */
  notes: Record<number, string[]>;
  onOpen: OpenPaperHandler;
  solutionHref: SolutionHref;
}) {
  const t = useT();
  const { path } = useLocale();
  return (
    <ol className="space-y-8">
      {rows.map((year) => (
        <li key={year}>
          <h2 id={`year-${year}`} className="mb-3 scroll-mt-20">
            <span className="inline-block rounded-full bg-indigo-800 px-4 py-1 text-lg font-bold text-white">
              {year}
            </span>
            <span className="sr-only"> {t("subject.yearPapers")}</span>
          </h2>
          {(notes[year] ?? []).map((note) => (
            <p key={note} className="mb-3 max-w-3xl text-sm text-slate-700">
              {note}
            </p>
          ))}
          <ul className="grid gap-4 sm:grid-cols-2">
            {years
              .find((g) => g.year === year)
              ?.papers.map((paper) => (
                <PaperBlock
                  key={paper.id}
                  paper={paper}
                  year={year}
                  onOpen={onOpen}
                  solutionHref={solutionHref(paper, year)}
                />
              ))}
            {missing.includes(year) ? (
              // Classes as the paper blocks' (this page is at its script budget, and repeats cost nothing).
              <li className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
                <h3 className="text-lg font-semibold text-slate-900">{paperTitle(t, { session: "march" }, year)}</h3>
                <p className="mt-1 text-sm text-slate-700">{t("subject.notAdded")}</p>
                <form method="post" className="mt-4 flex flex-wrap gap-2">
                  <a
                    href={path(`${base}/new-paper`)}
                    className={`${buttonBase} bg-indigo-700 text-white hover:bg-indigo-800`}
                  >
                    {t("subject.practisePattern")}
                  </a>
                  <input type="hidden" name="year" value={year} />
                  <button
                    type="submit"
                    className={`${buttonBase} border border-indigo-700 text-indigo-800 hover:bg-indigo-50`}
                  >
                    {t("subject.ask")}
                    <span className="sr-only">: {year}</span>
                  </button>
                </form>
                {note?.year === year ? (
                  <p role={note.alert ? "alert" : "status"} className="mt-3 text-sm font-semibold">
                    {note.text}
                  </p>
                ) : null}
              </li>
            ) : null}
          </ul>
        </li>
      ))}
    </ol>
  );
}

function PaperBlock({
  paper,
  year,
  onOpen,
  solutionHref,
}: {
  paper: PaperListItem;
  year: number;
  onOpen: OpenPaperHandler;
  solutionHref: string;
}) {
  const t = useT();
  const { path } = useLocale();
  const duration = useDuration();
  const title = paperTitle(t, paper, year);
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm" data-paper-id={paper.id}>
      <div className="flex items-start justify-between gap-3">
        <h3 className="text-lg font-semibold text-slate-900">{title}</h3>
        {paper.official ? (
          <span className="rounded-md bg-green-100 px-2 py-0.5 text-xs font-bold tracking-wide text-green-900 uppercase">
            {t("subject.official")}
          </span>
        ) : (
          <span className="rounded-md bg-amber-100 px-2 py-0.5 text-xs font-bold tracking-wide text-amber-900 uppercase">
            {t("subject.sample")}
          </span>
        )}
      </div>
      <p className="mt-1 text-sm text-slate-700">
        {t("subject.marks", { marks: paper.marks })} · {duration(paper.duration_minutes)}
      </p>
      <div className="mt-4 flex flex-wrap gap-2">
        <a
          href={paper.question_url}
          onClick={(event) => onOpen(event, { paper, year, kind: "question" })}
          className={`${buttonBase} bg-indigo-700 text-white hover:bg-indigo-800`}
        >
          {t("subject.questionPaper")}
          <span className="sr-only">, {title}</span>
        </a>
        {paper.solution_url ? (
          <a
            href={solutionHref}
            target="_blank"
            rel="noopener"
            onClick={(event) => onOpen(event, { paper, year, kind: "solution" })}
            className={`${buttonBase} border border-indigo-700 text-indigo-800 hover:bg-indigo-50`}
          >
            {t("subject.solution")}
            <span className="sr-only">, {t("subject.newWindow", { title })}</span>
          </a>
        ) : (
          <button
            type="button"
            disabled
            className={`${buttonBase} cursor-not-allowed border border-slate-300 bg-slate-100 text-slate-600`}
          >
            {t("subject.solutionSoon")}
          </button>
        )}
      </div>
      {/* A plain link (issue 15): the report page works without JavaScript and costs this page no code. */}
      <a href={path(`/report?paper=${paper.id}`)} className="mt-3 inline-block py-1 text-sm text-slate-700 underline">
        {t("subject.report")}
        <span className="sr-only">: {title}</span>
      </a>
    </li>
  );
}
