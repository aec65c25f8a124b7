import { Form, Link } from "react-router";
import { Breadcrumbs } from "../components/breadcrumbs";
import { PaperInstructions } from "../components/paper-instructions";
import { pageMeta } from "../lib/meta";
import { loadPracticeStart, startPracticeAction } from "../lib/practice.server";
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
  return pageMeta({
    title: `Practise ${loaderData.paper.title} against the clock | PaperStation`,
    description: `Sit ${loaderData.paper.title} in ${loaderData.paper.allowed}, then mark it against the model answers.`,
    path: loaderData.path,
    matches,
    noindex: true,
  });
}

export default function PracticeStart({ loaderData }: Route.ComponentProps) {
  const { paper, subject, signedIn, loginHref, path } = loaderData;
  return (
    <>
      <Breadcrumbs parent={{ label: subject.name, path: subject.path }} label="Practise" path={path} />
      <article className="mx-auto max-w-3xl px-4 py-6">
        <p className="text-sm font-semibold text-indigo-800">Timed practice</p>
        <h1 className="mt-1 text-2xl font-bold text-indigo-900 sm:text-3xl" lang={paper.language}>
          {paper.title}
        </h1>
        <dl className="mt-4 grid grid-cols-2 gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-3">
          <div>
            <dt className="text-sm text-slate-600">Marks</dt>
            <dd className="text-lg font-semibold text-slate-900">{paper.marks}</dd>
          </div>
          <div>
            <dt className="text-sm text-slate-600">Board time</dt>
            <dd className="text-lg font-semibold text-slate-900">{paper.duration}</dd>
          </div>
          <div>
            <dt className="text-sm text-slate-600">Time allowed</dt>
            <dd className="text-lg font-semibold text-slate-900">{paper.allowed}</dd>
          </div>
        </dl>
        <p className="mt-3 text-sm text-slate-700">
          The time allowed is the board's time plus the 10 minutes the board adds at the end of every paper.
        </p>
        <section aria-labelledby="how" className="mt-5">
          <h2 id="how" className="font-semibold text-slate-900">
            How it works
          </h2>
          <ol className="mt-2 list-decimal space-y-1 pl-5 text-slate-800">
            <li>Write your answers on paper, as in the exam. The clock starts when you tap Start.</li>
            <li>Mark each question attempted or skipped as you go, if you like.</li>
            <li>
              When time is up, or you finish, check your answers against the model answers and give yourself marks.
            </li>
            <li>See your score, marks by chapter, and the chapters to work on next.</li>
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
              Start ({paper.allowed})
            </button>
          </Form>
        ) : (
          <div className="mt-6 rounded-xl border border-indigo-200 bg-indigo-50 p-5">
            <p className="font-semibold text-indigo-950">Sign in to practise. It is free.</p>
            <a
              href={loginHref}
              className="mt-3 inline-block rounded-lg bg-indigo-700 px-5 py-2 font-semibold text-white hover:bg-indigo-800"
            >
              Sign in or create an account
            </a>
          </div>
        )}
        <p className="mt-6 text-sm">
          <Link to={paper.url} className="inline-block py-0.5 font-semibold text-indigo-800 underline">
            Read the paper with its answers instead
          </Link>
        </p>
      </article>
    </>
  );
}
