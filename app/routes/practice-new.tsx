import { Form, Link } from "react-router";
import { formatNumber } from "../../domain/i18n.ts";
import { BOARD_EXTRA_MINUTES } from "../../domain/practice.ts";
import { PaperInstructions } from "../model-papers/model-paper-view";
import { loadPracticeStart, startPracticeAction } from "../practice/practice.server";
import { Breadcrumbs } from "../site/breadcrumbs";
import { formatDurationIn, i18nFrom, useDuration, useLocale, useT } from "../site/i18n";
import { pageMeta } from "../site/meta";
import { useSubjectName } from "../site/subject-name";
import type { Route } from "./+types/practice-new";

export function loader({ context, url }: Route.LoaderArgs) {
  return loadPracticeStart(context, url);
}

/** Start: the attempt is made on the server, so its clock runs from now on every device. */
export function action({ context, request, url }: Route.ActionArgs) {
  return startPracticeAction(context, request, url);
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { _: t } = i18nFrom(matches);
  const { title, allowedMinutes } = loaderData.paper;
  return pageMeta({
    title: t("practice.start.metaTitle", { title }),
    description: t("practice.start.metaDescription", { title, allowed: formatDurationIn(t, allowedMinutes) }),
    path: loaderData.path,
    matches,
    noindex: true,
  });
}

export default function PracticeStart({ loaderData }: Route.ComponentProps) {
  const { paper, subject, signedIn, loginHref, path: here } = loaderData;
  const t = useT();
  const { locale, path } = useLocale();
  const duration = useDuration();
  const subjectName = useSubjectName();
  const allowed = duration(paper.allowedMinutes);
  return (
    <>
      <Breadcrumbs
        parent={{ label: subjectName(subject), path: subject.path }}
        label={t("practice.start.breadcrumb")}
        path={here}
      />
      <article className="mx-auto max-w-3xl px-4 py-6">
        <p className="text-sm font-semibold text-indigo-800">{t("practice.start.kicker")}</p>
        <h1 className="mt-1 text-2xl font-bold text-indigo-900 sm:text-3xl" lang={paper.language}>
          {paper.title}
        </h1>
        <dl className="mt-4 grid grid-cols-2 gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-3">
          <div>
            <dt className="text-sm text-slate-600">{t("practice.start.marks")}</dt>
            <dd className="text-lg font-semibold text-slate-900">{formatNumber(locale, paper.marks)}</dd>
          </div>
          <div>
            <dt className="text-sm text-slate-600">{t("practice.start.boardTime")}</dt>
            <dd className="text-lg font-semibold text-slate-900">{duration(paper.durationMinutes)}</dd>
          </div>
          <div>
            <dt className="text-sm text-slate-600">{t("practice.start.timeAllowed")}</dt>
            <dd className="text-lg font-semibold text-slate-900">{allowed}</dd>
          </div>
        </dl>
        <p className="mt-3 text-sm text-slate-700">{t("practice.start.extraTime", { minutes: BOARD_EXTRA_MINUTES })}</p>
        <section aria-labelledby="how" className="mt-5">
          <h2 id="how" className="font-semibold text-slate-900">
            {t("practice.start.howTitle")}
          </h2>
          <ol className="mt-2 list-decimal space-y-1 pl-5 text-slate-800">
            <li>{t("practice.start.step1")}</li>
            <li>{t("practice.start.step2")}</li>
            <li>{t("practice.start.step3")}</li>
            <li>{t("practice.start.step4")}</li>
          </ol>
        </section>
        <PaperInstructions html={paper.instructionsHtml} language={paper.language} />
        {signedIn ? (
          <Form method="post" className="mt-6">
            <input type="hidden" name="paper" value={paper.id} />
            <button
              type="submit"
              className="w-full rounded-lg bg-indigo-700 px-6 py-3 text-lg font-semibold text-white hover:bg-indigo-800 sm:w-auto"
            >
              {t("practice.start.start", { allowed })}
            </button>
          </Form>
        ) : (
          <div className="mt-6 rounded-xl border border-indigo-200 bg-indigo-50 p-5">
            <p className="font-semibold text-indigo-950">{t("practice.start.signInTitle")}</p>
            <a
              href={loginHref}
              className="mt-3 inline-block rounded-lg bg-indigo-700 px-5 py-2 font-semibold text-white hover:bg-indigo-800"
            >
              {t("practice.start.signIn")}
            </a>
          </div>
        )}
        <p className="mt-6 text-sm">
          <Link to={path(paper.url)} className="inline-block py-1 font-semibold text-indigo-800 underline">
            {t("practice.start.readInstead")}
          </Link>
        </p>
      </article>
    </>
  );
}
