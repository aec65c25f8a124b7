import { Breadcrumbs } from "../components/breadcrumbs";
import { PracticeChecking } from "../components/practice-checking";
import { i18nFrom, useT } from "../lib/i18n";
import { pageMeta } from "../lib/meta";
import { loadPractice, practiceAction } from "../lib/practice.server";
import { useSubjectName } from "../lib/subject-name";
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
  const { _: t } = i18nFrom(matches);
  return pageMeta({
    title: t("practice.checking.metaTitle", { title: attempt.paper_title }),
    description: t("practice.checking.metaDescription", { title: attempt.paper_title }),
    path: `/practice/${attempt.id}/check`,
    matches,
    noindex: true,
  });
}

export default function PracticeCheckPage({ loaderData }: Route.ComponentProps) {
  const { attempt, subject } = loaderData;
  const t = useT();
  const subjectName = useSubjectName();
  return (
    <>
      <Breadcrumbs
        parent={{ label: subjectName(subject), path: subject.path }}
        label={t("practice.checking.breadcrumb")}
        path={`/practice/${attempt.id}/check`}
      />
      <PracticeChecking key={attempt.id} data={loaderData} />
    </>
  );
}
