import { Link } from "react-router";
import { formatNumber, type Locale } from "../../domain/i18n.ts";
import { percentageOf } from "../../domain/practice.ts";
import { useDuration, useLocale, useT } from "../site/i18n";
import type { PracticePageData } from "./practice.server";

/** Marks as the page's language writes them: "3.5" (half marks at most, so one decimal; 0-9, decision 011). */
const marksIn = (locale: Locale, value: number) => formatNumber(locale, value, { maximumFractionDigits: 1 });
/** "8.8%". */
const percentIn = (locale: Locale, value: number) =>
  formatNumber(locale, value / 100, { style: "percent", maximumFractionDigits: 1 });

/** The result, rendered on the server (it works without JavaScript). */
export function PracticeResult({ data }: { data: PracticePageData }) {
  const { attempt, chapterNames, weakest } = data;
  const t = useT();
  const { locale, path } = useLocale();
  const duration = useDuration();
  const result = attempt.result;
  if (!result) return null;
  const end = attempt.writing_ended_at ?? attempt.finished_at ?? attempt.deadline_at;
  const minutesUsed = Math.max(1, Math.round((Date.parse(end) - Date.parse(attempt.started_at)) / 60_000));
  return (
    <div className="mx-auto max-w-4xl px-4 py-6">
      <p className="text-sm font-semibold text-indigo-800">{t("practice.result.kicker")}</p>
      <h1 className="mt-1 text-2xl font-bold text-indigo-900">{attempt.paper_title}</h1>
      <dl className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-3">
        <div className="rounded-xl border border-indigo-200 bg-indigo-50 p-4">
          <dt className="text-sm text-slate-700">{t("practice.result.score")}</dt>
          <dd className="text-3xl font-bold text-indigo-950" data-testid="result-score">
            {marksIn(locale, result.scored)} / {marksIn(locale, result.max)}
          </dd>
        </div>
        <div className="rounded-xl border border-slate-200 bg-white p-4">
          <dt className="text-sm text-slate-700">{t("practice.result.percentage")}</dt>
          <dd className="text-3xl font-bold text-slate-900" data-testid="result-percentage">
            {percentIn(locale, result.percentage)}
          </dd>
        </div>
        <div className="rounded-xl border border-slate-200 bg-white p-4">
          <dt className="text-sm text-slate-700">{t("practice.result.timeUsed")}</dt>
          <dd className="text-xl font-bold text-slate-900">
            {t("practice.result.timeOf", { used: duration(minutesUsed), allowed: duration(attempt.allowed_minutes) })}
          </dd>
        </div>
      </dl>

      {/* Issue 27: what was lost is now in the mistake notebook, to come back for review. */}
      {result.scored < result.max ? (
        <p className="mt-6 rounded-lg border border-indigo-200 bg-white p-4 text-slate-800">
          {t("practice.result.toNotebook")}{" "}
          <a href={path("/mistakes")} className="inline-block py-1 font-semibold text-indigo-800 underline">
            {t("practice.mistakes.title")}
          </a>
        </p>
      ) : null}
      {weakest.length > 0 ? (
        <section aria-labelledby="weakest" className="mt-8">
          <h2 id="weakest" className="text-xl font-bold text-indigo-900">
            {t("practice.result.workOn")}
          </h2>
          <ol className="mt-3 space-y-4">
            {weakest.map((chapter) => (
              <li key={chapter.chapter} className="rounded-lg border border-amber-300 bg-amber-50 p-4">
                <p className="font-semibold text-slate-900">
                  {chapter.name}:{" "}
                  <span className="font-normal">
                    {t("practice.result.chapterMarks", {
                      scored: marksIn(locale, chapter.scored),
                      max: marksIn(locale, chapter.max),
                      percent: percentIn(locale, chapter.percentage),
                    })}
                  </span>
                </p>
                {chapter.questions.length > 0 ? (
                  <>
                    <p className="mt-2 text-sm text-slate-800">{t("practice.result.practiseChapter")}</p>
                    <ul className="mt-1 flex flex-wrap gap-2">
                      {chapter.questions.slice(0, 6).map((question) => (
                        <li key={question.url}>
                          <Link
                            to={path(question.url)}
                            className="inline-block rounded-md border border-indigo-300 bg-white px-3 py-1 text-sm font-semibold text-indigo-800 hover:bg-indigo-50"
                          >
                            {t("practice.result.questionLink", {
                              paper: question.paper_title,
                              number: question.question,
                            })}
                          </Link>
                        </li>
                      ))}
                    </ul>
                  </>
                ) : (
                  <p className="mt-2 text-sm text-slate-800">{t("practice.result.noOtherPaper")}</p>
                )}
              </li>
            ))}
          </ol>
        </section>
      ) : (
        <p className="mt-8 rounded-lg border border-green-300 bg-green-50 p-4 font-semibold text-green-900">
          {t("practice.result.fullMarks")}
        </p>
      )}

      <div className="mt-8 grid gap-6 lg:grid-cols-2">
        <MarksTable
          id="by-question"
          title={t("practice.result.byQuestion")}
          first={t("practice.result.question")}
          rows={result.byQuestion.map((q) => ({
            key: q.question,
            label: t("practice.questionShort", { number: q.question }),
            ...q,
          }))}
        />
        <MarksTable
          id="by-chapter"
          title={t("practice.result.byChapter")}
          first={t("practice.result.chapter")}
          rows={result.byChapter.map((c) => ({ key: c.chapter, label: chapterNames[c.chapter] ?? c.chapter, ...c }))}
        />
      </div>
      <div className="mt-8 flex flex-wrap gap-3">
        <Link
          to={path(`/practice/new?paper=${attempt.paper_id}`)}
          className="rounded-lg bg-indigo-700 px-5 py-2 font-semibold text-white hover:bg-indigo-800"
        >
          {t("practice.result.again")}
        </Link>
        <Link
          to={path("/progress")}
          className="rounded-lg border border-indigo-700 px-5 py-2 font-semibold text-indigo-800 hover:bg-indigo-50"
        >
          {t("practice.result.progress")}
        </Link>
      </div>
    </div>
  );
}

function MarksTable({
  id,
  title,
  first,
  rows,
}: {
  id: string;
  title: string;
  first: string;
  rows: { key: string; label: string; scored: number; max: number }[];
}) {
  const t = useT();
  const { locale } = useLocale();
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="text-lg font-bold text-slate-900">
        {title}
      </h2>
      <table className="mt-2 w-full border-collapse text-left text-sm">
        <thead>
          <tr className="border-b border-slate-300">
            <th scope="col" className="py-2">
              {first}
            </th>
            <th scope="col" className="py-2 text-right">
              {t("practice.result.marks")}
            </th>
            <th scope="col" className="py-2 text-right">
              %
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} className="border-b border-slate-200">
              <th scope="row" className="py-2 font-semibold">
                {row.label}
              </th>
              <td className="py-2 text-right">
                {marksIn(locale, row.scored)} / {marksIn(locale, row.max)}
              </td>
              <td className="py-2 text-right">{marksIn(locale, percentageOf(row.scored, row.max))}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
