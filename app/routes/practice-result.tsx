import { loadPractice } from "../practice/practice.server";
import { PracticeBreadcrumbs, practiceMeta } from "../practice/practice-page";
import { PracticeResult } from "../practice/practice-result";
import type { Route } from "./+types/practice-result";

/** The result, rendered on the server: it works without JavaScript. */
export function loader({ context, url, params }: Route.LoaderArgs) {
  return loadPractice(context, url, params.attemptId, "finished");
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return practiceMeta("result", loaderData, matches);
}

export default function PracticeResultPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PracticeBreadcrumbs stage="result" data={loaderData} />
      <PracticeResult data={loaderData} />
    </>
  );
}
