import { formatNumber } from "../../domain/i18n.ts";
import { SUBJECTS, type SubjectKey, subjectByKey } from "../../domain/subjects.ts";
import { ModelPaperBody } from "../model-papers/model-paper-view";
import { mistakesAction, mistakesLoader, REVIEW_PAGE_HEADERS } from "../reviews/reviews.server";
import { Breadcrumbs } from "../site/breadcrumbs";
import { i18nFrom, useLocale, useT } from "../site/i18n";
import { pageMeta } from "../site/meta";
import { useSubjectName } from "../site/subject-name";
import type { Route } from "./+types/mistakes";

/**
 * "My mistakes" (issue 27 §2): every question of the notebook, by subject and chapter, with its model answer and
 * the marking points missed the last time. Rendered on the server; the subject filter is a plain link.
 */
export function loader({ context, url }: Route.LoaderArgs) {
  return mistakesLoader(context, url);
}

/** "Add to my mistakes" from a practice page (app/reviews/flag-form.tsx). */
export function action({ context, request, url }: Route.ActionArgs) {
  return mistakesAction(context, request, url);
}

export function headers() {
  return REVIEW_PAGE_HEADERS;
}

export function meta({ matches }: Route.MetaArgs) {
  const { _: t } = i18nFrom(matches);
  return pageMeta({
    title: t("practice.mistakes.metaTitle"),
    description: t("practice.mistakes.metaDescription"),
    path: "/mistakes",
    matches,
    noindex: true,
  });
}

type Entry = Route.ComponentProps["loaderData"]["entries"][number];

export default function Mistakes({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { path, locale } = useLocale();
  const subjectName = useSubjectName();
  const { entries, subject } = loaderData;
  // By subject, then chapter, in the order the cards came (soonest due first).
  const groups = new Map<string, Map<string, Entry[]>>();
  for (const entry of entries) {
    const chapters = groups.get(entry.subject) ?? new Map<string, Entry[]>();
    chapters.set(entry.chapter, [...(chapters.get(entry.chapter) ?? []), entry]);
    groups.set(entry.subject, chapters);
  }
  const subjectsWith = SUBJECTS.filter((s) => groups.has(s.key) || s.key === subject);
  return (
    <>
      <Breadcrumbs label={t("practice.mistakes.title")} path="/mistakes" />
      <div className="mx-auto max-w-4xl px-4 py-6">
        <h1 className="text-2xl font-bold text-indigo-900 sm:text-3xl">{t("practice.mistakes.title")}</h1>
        {/* Without JavaScript, a practice page's "Add to my mistakes" lands here. */}
        {actionData ? (
          <p
            role={actionData.problem ? "alert" : "status"}
            className={`mt-3 rounded-lg border p-3 font-semibold ${actionData.problem ? "border-red-300 bg-red-50 text-red-800" : "border-emerald-300 bg-emerald-50 text-emerald-900"}`}
          >
            {t(actionData.problem ? "paper.bank.flagFailed" : "paper.bank.flagged")}{" "}
            <a href={actionData.returnTo} className="inline-block py-1 text-indigo-800 underline">
              {t("paper.bank.flagBack")}
            </a>
          </p>
        ) : null}
        <p className="mt-2 text-slate-700">{t("practice.mistakes.intro")}</p>
        {/* Nothing in the notebook, nothing to review: no link to an empty review (a subject's page may be empty
            while others are not). */}
        {entries.length > 0 || subject ? (
          <p className="mt-2">
            <a href={path("/review")} className="inline-block py-1 font-semibold text-indigo-800 underline">
              {t("practice.mistakes.review")}
            </a>
          </p>
        ) : null}
        {subject ? (
          <p className="mt-1">
            <a href={path("/mistakes")} className="inline-block py-1 text-indigo-800 underline">
              {t("practice.mistakes.all")}
            </a>
          </p>
        ) : null}
        {entries.length === 0 ? <p className="mt-4 text-slate-800">{t("practice.mistakes.empty")}</p> : null}
        {subjectsWith.map((s) => {
          const chapters = groups.get(s.key);
          if (!chapters) return null;
          return (
            <section key={s.key} aria-labelledby={`m-${s.key}`} className="mt-6">
              <h2 id={`m-${s.key}`} className="text-xl font-bold text-slate-900">
                <a href={`${path("/mistakes")}?subject=${s.key}`} className="hover:underline">
                  {subjectName(subjectByKey(s.key as SubjectKey))}
                </a>
              </h2>
              {[...chapters.values()].map((list) => (
                <div key={list[0]?.chapter} className="mt-3">
                  <h3 className="font-semibold text-indigo-900">{list[0]?.chapter_name}</h3>
                  <ul className="mt-2 grid gap-4">
                    {list.map((entry) => (
                      <li
                        key={entry.item}
                        className="rounded-xl border border-slate-200 bg-white p-4"
                        data-item={entry.item}
                      >
                        <p className="text-sm text-slate-600">
                          {entry.paper_title} · {t("practice.mistakes.due", { day: entry.due })}
                        </p>
                        <ModelPaperBody
                          view={{ language: entry.language, questions: [entry.question] }}
                          answers="each"
                        />
                        {entry.missed_points.length > 0 ? (
                          <div className="mt-3 rounded-lg bg-amber-50 p-3 text-amber-950">
                            <p className="font-semibold">{t("practice.mistakes.missed")}</p>
                            <ul className="mt-1 list-disc pl-5" lang={entry.language}>
                              {entry.missed_points.map((index) => {
                                const point = entry.question.sections[0]?.items[0]?.marking[index];
                                return point ? (
                                  <li key={index}>
                                    {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the model paper's own sanitised HTML */}
                                    <span dangerouslySetInnerHTML={{ __html: point.pointHtml }} /> (
                                    {formatNumber(locale, point.marks, { maximumFractionDigits: 1 })})
                                  </li>
                                ) : null;
                              })}
                            </ul>
                          </div>
                        ) : null}
                      </li>
                    ))}
                  </ul>
                </div>
              ))}
            </section>
          );
        })}
      </div>
    </>
  );
}
