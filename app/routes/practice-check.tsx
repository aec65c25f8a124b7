import { Breadcrumbs } from "../components/breadcrumbs";
import { PracticeChecking } from "../components/practice-checking";
import { pageMeta } from "../lib/meta";
import { loadPractice, practiceAction } from "../lib/practice.server";
import type { Route } from "./+types/practice-check";

/** The checking stage: each answer beside its model answer, marks per item. */
export function loader({ context, url, params }: Route.LoaderArgs) {
  return loadPractice(context, url, params.attemptId, "checking");
}

/** 'See my result': without JavaScript it carries every mark (one form for the paper). */
export function action({ context, request, url, params }: Route.ActionArgs) {
  return practiceAction(context, request, url, params.attemptId);
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { attempt } = loaderData;
  return pageMeta({
    title: `Check your answers: ${attempt.paper_title} | PaperStation`,
    description: `Mark your practice of ${attempt.paper_title} against the model answers.`,
    path: `/practice/${attempt.id}/check`,
    matches,
    noindex: true,
  });
}

export default function PracticeCheckPage({ loaderData }: Route.ComponentProps) {
  const { attempt, subject } = loaderData;
  return (
    <>
      <Breadcrumbs
        parent={{ label: subject.name, path: subject.path }}
        label="Check your answers"
        path={`/practice/${attempt.id}/check`}
      />
      <PracticeChecking key={attempt.id} data={loaderData} />
    </>
  );
}
