import { Link } from "react-router";
import { formatNumber, type Locale, localeFromPath } from "../../domain/i18n.ts";
import { type SubjectKey, subjectByKey } from "../../domain/subjects.ts";
import { ChapterProgressList } from "../practice/chapter-progress";
import { loadProgress } from "../practice/practice.server";
import { TrendChart } from "../practice/trend-chart";
import { Breadcrumbs } from "../site/breadcrumbs";
import { i18nFrom, useLocale, useT } from "../site/i18n";
import { pageMeta } from "../site/meta";
import { useSubjectName } from "../site/subject-name";
import { lastOpenedPapers } from "../viewer/last-opened.server";
import type { Route } from "./+types/progress";

export async function loader({ context, url }: Route.LoaderArgs) {
  const progress = await loadProgress(context, url);
  return { ...progress, lastOpened: await lastOpenedPapers(context, localeFromPath(url.pathname)) };
}

export function meta({ matches }: Route.MetaArgs) {
  const { _: t } = i18nFrom(matches);
  return pageMeta({
    title: t("practice.progress.metaTitle"),
    description: t("practice.progress.metaDescription"),
    path: "/progress",
    matches,
    noindex: true,
  });
}

/** "66.7%": a percentage as the page's language writes it (digits 0-9, decision 011). */
const percentIn = (locale: Locale, value: number) =>
  formatNumber(locale, value / 100, { style: "percent", maximumFractionDigits: 1 });
const percentOrDash = (locale: Locale, value: number | null) => (value === null ? "–" : percentIn(locale, value));

/** Progress by subject, rendered on the server: it works without JavaScript. */
export default function Progress({ loaderData }: Route.ComponentProps) {
  const { subjects, firsts, unfinished, history, lastOpened, older, olderPage } = loaderData;
  const t = useT();
  const { locale, path } = useLocale();
  const subjectName = useSubjectName();
  const nameOf = (key: SubjectKey) => subjectName(subjectByKey(key));
  return (
    <>
      <Breadcrumbs label={t("practice.progress.title")} path="/progress" />
      <div className="mx-auto max-w-5xl px-4 py-6">
        <h1 className="text-2xl font-bold text-indigo-900 sm:text-3xl">{t("practice.progress.title")}</h1>
        {/* Issue 16: a document load, so that the list's kept copy opens offline too. */}
        <p className="mt-2 flex flex-wrap gap-x-6">
          <a href={path("/saved")} className="inline-block py-1 font-semibold text-indigo-800 underline">
            {t("paper.savedPapers")}
          </a>
          {/* The mistake notebook and today's review (issue 27). */}
          <a href={path("/review")} className="inline-block py-1 font-semibold text-indigo-800 underline">
            {t("practice.review.title")}
          </a>
          <a href={path("/mistakes")} className="inline-block py-1 font-semibold text-indigo-800 underline">
            {t("practice.mistakes.title")}
          </a>
          {/* The account's page (issue 26): details, password, devices, data. */}
          <a href={path("/profile")} className="inline-block py-1 font-semibold text-indigo-800 underline">
            {t("practice.progress.account")}
          </a>
        </p>
        {unfinished.length > 0 ? (
          <section aria-labelledby="continue" className="mt-4 rounded-xl border border-amber-300 bg-amber-50 p-4">
            <h2 id="continue" className="font-semibold text-slate-900">
              {t("practice.progress.continueTitle")}
            </h2>
            <ul className="mt-2 grid gap-2">
              {unfinished.map((attempt) => (
                <li key={attempt.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
                  <span>
                    {attempt.title} · {attempt.day}
                  </span>
                  {attempt.href ? (
                    <a
                      href={path(attempt.href)}
                      className="rounded-lg bg-indigo-700 px-4 py-2 font-semibold text-white hover:bg-indigo-800"
                    >
                      {attempt.state === "checking"
                        ? t("practice.progress.continueChecking")
                        : t("practice.progress.continue")}
                    </a>
                  ) : null}
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        {lastOpened.length > 0 ? (
          <section aria-labelledby="last-opened" className="mt-4 rounded-xl border border-slate-200 bg-white p-4">
            <h2 id="last-opened" className="font-semibold text-slate-900">
              {t("practice.progress.lastOpened")}
            </h2>
            <ul className="mt-2 grid gap-2">
              {lastOpened.map((paper) => (
                <li key={paper.key}>
                  <a href={path(paper.href)} lang={paper.lang} className="font-semibold text-indigo-800 underline">
                    {paper.title}
                  </a>
                  <span className="text-slate-700">
                    {` · ${t(paper.kind === "solution" ? "practice.progress.lastSolution" : "practice.progress.lastQuestion", { page: paper.page })}`}
                  </span>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        {subjects.length === 0 ? (
          <section aria-labelledby="start" className="mt-4">
            <p className="text-slate-800">{t("practice.progress.empty")}</p>
            <h2 id="start" className="mt-4 font-semibold text-slate-900">
              {t("practice.progress.firstTitle")}
            </h2>
            <ul className="mt-2 grid gap-2 sm:grid-cols-2">
              {firsts.map((first) => (
                <li key={first.href}>
                  <Link
                    to={path(first.href)}
                    className="block rounded-lg border border-indigo-200 bg-white p-3 font-semibold text-indigo-800 hover:bg-indigo-50"
                  >
                    {t("practice.progress.firstPaper", { subject: nameOf(first.subject), title: first.title })}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ) : (
          <ul className="mt-4 grid gap-4 md:grid-cols-2">
            {subjects.map((s) => (
              <li
                key={s.subject}
                className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
                data-subject={s.subject}
              >
                <h2 className="text-lg font-bold text-slate-900">
                  <Link to={path(s.path)} className="inline-block py-1 hover:underline">
                    {nameOf(s.subject)}
                  </Link>
                </h2>
                <dl className="mt-2 grid grid-cols-3 gap-2 text-sm">
                  <div>
                    <dt className="text-slate-600">{t("practice.progress.papers")}</dt>
                    <dd className="text-lg font-semibold">{formatNumber(locale, s.papers_attempted)}</dd>
                  </div>
                  <div>
                    <dt className="text-slate-600">{t("practice.progress.best")}</dt>
                    <dd className="text-lg font-semibold">{percentOrDash(locale, s.best_percentage)}</dd>
                  </div>
                  <div>
                    <dt className="text-slate-600">{t("practice.progress.latest")}</dt>
                    <dd className="text-lg font-semibold">{percentOrDash(locale, s.latest_percentage)}</dd>
                  </div>
                </dl>
                {s.trend.length > 0 ? (
                  <TrendChart
                    points={s.trend.map((point) => point.percentage)}
                    label={t("practice.progress.trendLabel", {
                      subject: nameOf(s.subject),
                      scores: s.trend.map((point) => percentIn(locale, point.percentage)).join(", "),
                    })}
                  />
                ) : (
                  <p className="mt-2 text-sm text-slate-700">{t("practice.progress.noFinished")}</p>
                )}
                {s.weakest_chapters.length > 0 ? (
                  <>
                    <h3 className="mt-3 text-sm font-semibold text-slate-900">{t("practice.progress.weakest")}</h3>
                    <ol className="mt-1 list-decimal space-y-1 pl-5 text-sm text-slate-800">
                      {s.weakest_chapters.map((c) => (
                        <li key={c.chapter}>
                          {c.name} ({percentIn(locale, c.percentage)})
                          {c.questions[0] ? (
                            <>
                              {" "}
                              <Link
                                to={path(c.questions[0].url)}
                                className="inline-block py-1 font-semibold text-indigo-800 underline"
                              >
                                {t("practice.progress.practiseIt")}
                              </Link>
                            </>
                          ) : null}
                        </li>
                      ))}
                    </ol>
                  </>
                ) : null}
                <ChapterProgressList chapters={s.chapters} />
              </li>
            ))}
          </ul>
        )}
        {history.length > 0 || olderPage ? (
          <section aria-labelledby="history" className="mt-8">
            <h2 id="history" className="scroll-mt-20 text-lg font-bold text-indigo-950">
              {t(olderPage ? "practice.progress.historyOlderTitle" : "practice.progress.historyTitle")}
            </h2>
            <ol className="mt-2 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
              {history.map((attempt) => (
                <li key={attempt.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-2">
                  <span>
                    <span className="font-medium">{attempt.title}</span>
                    <span className="text-slate-700"> · {attempt.day} · </span>
                    <span className="text-slate-700">
                      {attempt.percentage === null
                        ? t("practice.progress.notFinished")
                        : percentIn(locale, attempt.percentage)}
                    </span>
                  </span>
                  {attempt.href ? (
                    <a href={path(attempt.href)} className="inline-block py-1 font-semibold text-indigo-800 underline">
                      {t("practice.progress.seeResult")}
                    </a>
                  ) : null}
                </li>
              ))}
            </ol>
            {/* Every attempt can be reopened (issue 26): the history goes back page by page, by plain links. */}
            <p className="mt-2 flex flex-wrap gap-x-6">
              {older ? (
                <a
                  href={`${path("/progress")}?before=${encodeURIComponent(older)}#history`}
                  className="inline-block py-2 font-semibold text-indigo-800 underline"
                >
                  {t("practice.progress.historyOlder")}
                </a>
              ) : null}
              {olderPage ? (
                <a
                  href={`${path("/progress")}#history`}
                  className="inline-block py-2 font-semibold text-indigo-800 underline"
                >
                  {t("practice.progress.historyNewest")}
                </a>
              ) : null}
            </p>
          </section>
        ) : null}
      </div>
    </>
  );
}
