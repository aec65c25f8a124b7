import { data } from "react-router";
import { SUBJECTS, subjectPath } from "../../domain/subjects.ts";
import { ComingSoon } from "../components/coming-soon";
import { PageHeading } from "../components/page-heading";
import { pageMeta } from "../lib/meta";
import type { Route } from "./+types/subject";

export function loader({ request }: Route.LoaderArgs) {
  const pathname = new URL(request.url).pathname;
  const subject = SUBJECTS.find((s) => subjectPath(s) === pathname);
  if (!subject) throw data(null, { status: 404 });
  return { subject };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const { subject } = loaderData;
  return pageMeta({
    title: `Maharashtra Board SSC ${subject.name} Question Papers 2018-2023 | PaperStation`,
    description: `Free Maharashtra SSC ${subject.name} previous-year question papers with solutions, year by year, in English, Marathi and Semi English medium.`,
    path: subjectPath(subject),
    matches,
  });
}

export default function SubjectPage({ loaderData }: Route.ComponentProps) {
  const { subject } = loaderData;
  return (
    <>
      <PageHeading title={`${subject.name} Question Papers`}>
        <p lang="mr">{subject.nameMr}</p>
      </PageHeading>
      <ComingSoon what="The list of papers" />
    </>
  );
}
