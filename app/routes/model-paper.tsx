import { useCallback, useState } from "react";
import { data, Link, useRevalidator } from "react-router";
import { subjectBySlug } from "../../domain/subjects.ts";
import { AuthDialog, type AuthRequest } from "../components/auth-dialog";
import { Breadcrumbs } from "../components/breadcrumbs";
import { ModelPaperBody } from "../components/model-paper-view";
import { PaperInstructions } from "../components/paper-instructions";
import type { ViewerPaper } from "../components/paper-viewer";
import { usePaperViewer } from "../components/paper-viewer-layer";
import { pageMeta } from "../lib/meta";
import { loadModelPaperPage } from "../lib/model-paper.server";
import { keepDataWhenOnlyViewerChanges } from "../lib/viewer-route";
import type { Route } from "./+types/model-paper";

export function loader({ context, params, url }: Route.LoaderArgs) {
  // The route is `/maharashtra-board-<slug>-question-papers/:paperId`; the slug names the subject.
  const slug = /^\/maharashtra-board-(.+)-question-papers\//.exec(url.pathname)?.[1] ?? "";
  const subject = subjectBySlug(slug);
  if (!subject) throw data(null, { status: 404 });
  return loadModelPaperPage(context, subject, params.paperId, url);
}

export const shouldRevalidate = keepDataWhenOnlyViewerChanges;

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { details, subject, path } = loaderData;
  return pageMeta({
    title: `${details.title} with full solutions | ${subject.name} | PaperStation`,
    description: `A free ${subject.name} model paper for the Maharashtra SSC board exam: ${details.marks} marks, ${details.duration}, with a worked answer and marking points for every question. Chapters: ${details.chapters.join(", ")}.`,
    path,
    matches,
  });
}

export default function ModelPaperPage({ loaderData }: Route.ComponentProps) {
  const { details, subject, subjectPath, path, signedIn, questions, allAnswers } = loaderData;
  const revalidator = useRevalidator();
  const [authRequest, setAuthRequest] = useState<AuthRequest | null>(null);
  const closeAuth = useCallback(() => setAuthRequest(null), []);
  const pdfs: ViewerPaper = {
    id: details.id,
    title: details.title,
    questionUrl: details.questionUrl,
    solutionUrl: details.solutionUrl,
    solutionLabel: "model answers",
  };
  const viewer = usePaperViewer((id) => (id === pdfs.id ? pdfs : null));
  const onSignedIn = useCallback(() => {
    setAuthRequest(null);
    void revalidator.revalidate();
  }, [revalidator]);
  const loginHref = `/login?redirectTo=${encodeURIComponent(path)}`;

  return (
    <>
      <Breadcrumbs parent={{ label: subject.name, path: subjectPath }} label={details.title} path={path} />
      {viewer.notice}
      <article className="mx-auto max-w-4xl px-4 py-6">
        <header className="mb-6">
          <p className="text-sm font-semibold text-indigo-800">
            PaperStation model paper · not an official board paper
          </p>
          <h1 className="mt-1 text-2xl font-bold text-indigo-900 sm:text-3xl">{details.title}</h1>
          <p className="mt-2 text-slate-700">
            {subject.name} · {details.marks} marks · {details.duration} (+10 minutes at the end, as in the board exam)
          </p>
          <p className="mt-1 text-sm text-slate-700">Chapters: {details.chapters.join(", ")}</p>
          <div className="mt-4 flex flex-wrap gap-2">
            <a
              href={details.questionUrl}
              onClick={(event) => viewer.openInPlace(event, pdfs, "question")}
              className="rounded-lg bg-indigo-700 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-800"
            >
              Question paper PDF
            </a>
            <a
              href={details.solutionUrl}
              onClick={(event) => viewer.openInPlace(event, pdfs, "solution")}
              className="rounded-lg border border-indigo-700 px-4 py-2 text-sm font-semibold text-indigo-800 hover:bg-indigo-50"
            >
              Solution PDF
            </a>
            <Link
              to={`/practice/new?paper=${details.id}`}
              className="rounded-lg border border-green-700 bg-green-700 px-4 py-2 text-sm font-semibold text-white hover:bg-green-800"
            >
              Practise against the clock
            </Link>
            {signedIn ? (
              <Link
                to={allAnswers ? path : `${path}?answers=all`}
                preventScrollReset
                replace
                className="rounded-lg border border-green-700 px-4 py-2 text-sm font-semibold text-green-900 hover:bg-green-50"
              >
                {allAnswers ? "Hide all answers" : "Show all answers"}
              </Link>
            ) : null}
          </div>
          <PaperInstructions html={details.instructionsHtml} language={details.language} />
        </header>
        <ModelPaperBody view={{ ...details, questions }} answers={signedIn ? (allAnswers ? "all" : "each") : "none"} />
        {signedIn ? null : (
          <div className="mt-8 rounded-xl border border-indigo-200 bg-indigo-50 p-5 text-center">
            <p className="font-semibold text-indigo-950">
              That was Q.1 of {details.questionCount}. Sign in free to see the whole paper with a worked answer and
              marking points for every question.
            </p>
            <a
              href={loginHref}
              onClick={(event) => {
                event.preventDefault();
                setAuthRequest({ kind: "question", title: `${details.title} with every answer`, url: path });
              }}
              className="mt-4 inline-block rounded-lg bg-indigo-700 px-5 py-2 font-semibold text-white hover:bg-indigo-800"
            >
              Sign in to see the whole paper
            </a>
          </div>
        )}
      </article>
      <AuthDialog request={authRequest} onClose={closeAuth} onSignedIn={onSignedIn} />
      {viewer.layer}
    </>
  );
}
