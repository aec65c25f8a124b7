import { Link } from "react-router";
import { loadPractice, practiceAction } from "../practice/practice.server";
import { PracticeBreadcrumbs, practiceMeta } from "../practice/practice-page";
import { PracticeWriting } from "../practice/practice-writing";
import { useLocale, useT } from "../site/i18n";
import type { Route } from "./+types/practice";

/** The writing stage (and the notice of an attempt that ended after 24 hours). */
export function loader({ context, url, params }: Route.LoaderArgs) {
  return loadPractice(context, url, params.attemptId, "writing");
}

/** 'Finish' (and time up): to the checking. A form, so it works without JavaScript. */
export function action({ context, request, url, params }: Route.ActionArgs) {
  return practiceAction(context, request, url, params.attemptId);
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return practiceMeta("writing", loaderData, matches);
}

export default function PracticeWritingPage({ loaderData }: Route.ComponentProps) {
  const { attempt } = loaderData;
  const t = useT();
  const { path } = useLocale();
  return (
    <>
      <PracticeBreadcrumbs stage="writing" data={loaderData} />
      {attempt.state === "writing" ? (
        // Keyed by id: a new attempt is a new clock.
        <PracticeWriting key={attempt.id} data={loaderData} />
      ) : (
        <div className="mx-auto max-w-3xl px-4 py-8">
          <h1 className="text-2xl font-bold text-indigo-900">{attempt.paper_title}</h1>
          <p className="mt-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950">
            {t("practice.writing.expired")}
          </p>
          <Link
            to={path(`/practice/new?paper=${attempt.paper_id}`)}
            className="mt-4 inline-block rounded-lg bg-indigo-700 px-5 py-2 font-semibold text-white hover:bg-indigo-800"
          >
            {t("practice.writing.startNew")}
          </Link>
        </div>
      )}
    </>
  );
}
