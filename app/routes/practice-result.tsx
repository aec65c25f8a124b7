import { Breadcrumbs } from "../components/breadcrumbs";
import { PracticeResult } from "../components/practice-result";
import { pageMeta } from "../lib/meta";
import { loadPractice } from "../lib/practice.server";
import type { Route } from "./+types/practice-result";

/** The result, rendered on the server: it works without JavaScript. */
export function loader({ context, url, params }: Route.LoaderArgs) {
  return loadPractice(context, url, params.attemptId, "finished");
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { attempt } = loaderData;
  return pageMeta({
    title: `Your result: ${attempt.paper_title} | PaperStation`,
    description: `Your score, marks by question and chapter, and the chapters to work on.`,
    path: `/practice/${attempt.id}/result`,
    matches,
    noindex: true,
  });
}

export default function PracticeResultPage({ loaderData }: Route.ComponentProps) {
  const { attempt, subject } = loaderData;
  return (
    <>
      <Breadcrumbs
        parent={{ label: subject.name, path: subject.path }}
        label="Your result"
        path={`/practice/${attempt.id}/result`}
      />
      <PracticeResult data={loaderData} />
    </>
  );
}
