import { Breadcrumbs } from "../components/breadcrumbs";
import { PracticeResult } from "../components/practice-result";
import { i18nFrom, useT } from "../lib/i18n";
import { pageMeta } from "../lib/meta";
import { loadPractice } from "../lib/practice.server";
import { useSubjectName } from "../lib/subject-name";
import type { Route } from "./+types/practice-result";

/** The result, rendered on the server: it works without JavaScript. */
export function loader({ context, url, params }: Route.LoaderArgs) {
  return loadPractice(context, url, params.attemptId, "finished");
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { attempt } = loaderData;
  const { _: t } = i18nFrom(matches);
  return pageMeta({
    title: t("practice.result.metaTitle", { title: attempt.paper_title }),
    description: t("practice.result.metaDescription"),
    path: `/practice/${attempt.id}/result`,
    matches,
    noindex: true,
  });
}

export default function PracticeResultPage({ loaderData }: Route.ComponentProps) {
  const { attempt, subject } = loaderData;
  const t = useT();
  const subjectName = useSubjectName();
  return (
    <>
      <Breadcrumbs
        parent={{ label: subjectName(subject), path: subject.path }}
        label={t("practice.result.breadcrumb")}
        path={`/practice/${attempt.id}/result`}
      />
      <PracticeResult data={loaderData} />
    </>
  );
}
