import type { MetaDescriptor } from "react-router";
import { Breadcrumbs } from "../site/breadcrumbs";
import { i18nFrom, useT } from "../site/i18n";
import { type MatchLike, pageMeta } from "../site/meta";
import { useSubjectName } from "../site/subject-name";

/** The three pages of an attempt: their catalog group and their path after `/practice/<id>`. */
const STAGES = {
  writing: "",
  checking: "/check",
  result: "/result",
} as const;
export type PracticeStage = keyof typeof STAGES;

interface AttemptPage {
  attempt: { id: string; paper_title: string };
  subject: { name: string; nameMr: string; path: string };
}

/** An attempt page's title and description: a student's own page, kept out of search results. */
export function practiceMeta(stage: PracticeStage, data: AttemptPage | undefined, matches: readonly MatchLike[]) {
  if (!data) return [] as MetaDescriptor[];
  const { _: t } = i18nFrom(matches);
  const title = data.attempt.paper_title;
  return pageMeta({
    title: t(`practice.${stage}.metaTitle`, { title }),
    description: t(`practice.${stage}.metaDescription`, { title }),
    path: `/practice/${data.attempt.id}${STAGES[stage]}`,
    matches,
    noindex: true,
  });
}

/** Home > subject > the attempt's stage. */
export function PracticeBreadcrumbs({ stage, data }: { stage: PracticeStage; data: AttemptPage }) {
  const t = useT();
  const subjectName = useSubjectName();
  return (
    <Breadcrumbs
      parent={{ label: subjectName(data.subject), path: data.subject.path }}
      label={t(`practice.${stage}.breadcrumb`)}
      path={`/practice/${data.attempt.id}${STAGES[stage]}`}
    />
  );
}
