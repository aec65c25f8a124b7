import { Suspense, useCallback, useState } from "react";
import { data, Link, useRevalidator } from "react-router";
import { parseSubjectPath } from "../../domain/subjects.ts";
import type { AuthRequest } from "../auth/auth-dialog";
import { loadModelPaperPage } from "../model-papers/model-paper.server";
import { ModelPaperBody, PaperInstructions } from "../model-papers/model-paper-view";
import { Breadcrumbs } from "../site/breadcrumbs";
import { formatDurationIn, i18nFrom, useDuration, useLocale, useT } from "../site/i18n";
import { pageMeta } from "../site/meta";
import type { ViewerPaper } from "../viewer/paper-viewer";
import { AuthDialog, usePaperViewer } from "../viewer/paper-viewer-layer";
import { keepDataWhenOnlyViewerChanges } from "../viewer/viewer-route";
import type { Route } from "./+types/model-paper";

export function loader({ context, url }: Route.LoaderArgs) {
  // The route is `/maharashtra-board-<slug>-question-papers/:paperId`: the path names the subject and the paper.
  const page = parseSubjectPath(url.pathname);
  if (page?.paperId === undefined) throw data(null, { status: 404 });
  return loadModelPaperPage(context, page.subject, page.paperId, url);
}

export const shouldRevalidate = keepDataWhenOnlyViewerChanges;

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { details, subject, path } = loaderData;
  const i18n = i18nFrom(matches);
  const name = i18n.locale === "mr" ? subject.nameMr : subject.name;
  return pageMeta({
    title: i18n._("paper.metaTitle", { title: details.title, subject: name }),
    description: i18n._("paper.metaDescription", {
      subject: name,
      marks: details.marks,
      duration: formatDurationIn(i18n._, details.durationMinutes),
      chapters: details.chapters.join(", "),
    }),
    path,
    matches,
    // Made papers are endless (one per seed): only the written ones are worth a search result.
    noindex: loaderData.made,
  });
}

export default function ModelPaperPage({ loaderData }: Route.ComponentProps) {
  const { details, subject, subjectPath, path, signedIn, questions, allAnswers, hiddenAnchors, made } = loaderData;
  const revalidator = useRevalidator();
  const t = useT();
  const { path: localized, locale } = useLocale();
  const duration = useDuration();
  const subjectName = locale === "mr" ? subject.nameMr : subject.name;
  const [authRequest, setAuthRequest] = useState<AuthRequest | null>(null);
  const closeAuth = useCallback(() => setAuthRequest(null), []);
  const pdfs: ViewerPaper = {
    id: details.id,
    title: details.title,
    questionUrl: details.questionUrl,
    solutionUrl: details.solutionUrl,
    solutionLabel: t("paper.modelAnswers"),
  };
  const viewer = usePaperViewer((id) => (id === pdfs.id ? pdfs : null));
  const onSignedIn = useCallback(() => {
    setAuthRequest(null);
    void revalidator.revalidate();
  }, [revalidator]);
  const here = localized(path);
  const loginHref = `${localized("/login")}?redirectTo=${encodeURIComponent(here)}`;

  return (
    <>
      <Breadcrumbs parent={{ label: subjectName, path: subjectPath }} label={details.title} path={path} />
      {viewer.notice}
      <article className="mx-auto max-w-4xl px-4 py-6">
        <header className="mb-6">
          <p className="text-sm font-semibold text-indigo-800">{t("paper.kicker")}</p>
          <h1 className="mt-1 text-2xl font-bold text-indigo-900 sm:text-3xl">{details.title}</h1>
          <p className="mt-2 text-slate-700">
            {subjectName} · {t("subject.marks", { marks: details.marks })} · {duration(details.durationMinutes)}{" "}
            {t("paper.extraTime")}
          </p>
          <p className="mt-1 text-sm text-slate-700">
            {t("paper.chapters", { chapters: details.chapters.join(", ") })}
            {/* A made paper (issue 25 §3) says what it is, and offers another. In this paragraph: the page's
                first load is at its budget. */}
            {made ? (
              <span className="mt-2 block text-slate-800">
                {t("paper.made.note")}{" "}
                <a href={localized(`${subjectPath}/new-paper`)} className="font-semibold text-indigo-800 underline">
                  {t("paper.made.another")}
                </a>
              </span>
            ) : null}
          </p>
          <div className="mt-4 flex flex-wrap gap-2">
            <a
              href={details.questionUrl}
              onClick={(event) => viewer.openInPlace(event, pdfs, "question")}
              className="rounded-lg bg-indigo-700 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-800"
            >
              {t("paper.questionPdf")}
            </a>
            <a
              href={details.solutionUrl}
              onClick={(event) => viewer.openInPlace(event, pdfs, "solution")}
              className="rounded-lg border border-indigo-700 px-4 py-2 text-sm font-semibold text-indigo-800 hover:bg-indigo-50"
            >
              {t("paper.solutionPdf")}
            </a>
            <Link
              to={localized(`/practice/new?paper=${details.id}`)}
              className="rounded-lg border border-green-700 bg-green-700 px-4 py-2 text-sm font-semibold text-white hover:bg-green-800"
            >
              {t("paper.practise")}
            </Link>
            {signedIn ? (
              <Link
                to={allAnswers ? here : `${here}?answers=all`}
                preventScrollReset
                replace
                className="rounded-lg border border-green-700 px-4 py-2 text-sm font-semibold text-green-900 hover:bg-green-50"
              >
                {allAnswers ? t("paper.hideAnswers") : t("paper.showAnswers")}
              </Link>
            ) : null}
            {/* Issue 15: a plain link, as light as it can be (this page's first load is at its budget). */}
            <a href={localized(`/report?paper=${details.id}`)} className="px-1 py-2 text-sm text-slate-700 underline">
              {t("paper.report")}
            </a>
          </div>
          <PaperInstructions html={details.instructionsHtml} language={details.language} />
        </header>
        <ModelPaperBody view={{ ...details, questions }} answers={signedIn ? (allAnswers ? "all" : "each") : "none"} />
        {signedIn ? null : (
          <div className="mt-8 scroll-mt-4 rounded-xl border border-indigo-200 bg-indigo-50 p-5 text-center">
            {hiddenAnchors.map((id) => (
              <span key={id} id={id} className="block scroll-mt-24" />
            ))}
            <p className="font-semibold text-indigo-950">{t("paper.preview", { count: details.questionCount })}</p>
            <a
              href={loginHref}
              onClick={(event) => {
                event.preventDefault();
                setAuthRequest({
                  kind: "question",
                  title: t("paper.withAnswers", { title: details.title }),
                  url: here,
                });
              }}
              className="mt-4 inline-block rounded-lg bg-indigo-700 px-5 py-2 font-semibold text-white hover:bg-indigo-800"
            >
              {t("paper.signIn")}
            </a>
          </div>
        )}
      </article>
      {authRequest ? (
        <Suspense fallback={null}>
          <AuthDialog request={authRequest} onClose={closeAuth} onSignedIn={onSignedIn} />
        </Suspense>
      ) : null}
      {viewer.layer}
    </>
  );
}
