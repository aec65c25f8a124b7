import { loadPractice, practiceAction } from "../practice/practice.server";
import { PracticeChecking } from "../practice/practice-checking";
import { PracticeBreadcrumbs, practiceMeta } from "../practice/practice-page";
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
  return practiceMeta("checking", loaderData, matches);
}

export default function PracticeCheckPage({ loaderData }: Route.ComponentProps) {
  const { attempt } = loaderData;
  return (
    <>
      <PracticeBreadcrumbs stage="checking" data={loaderData} />
      <PracticeChecking key={attempt.id} data={loaderData} />
    </>
  );
}
