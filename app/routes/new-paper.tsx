import { data } from "react-router";
import { parseSubjectPath } from "../../domain/subjects.ts";
import { redirectToNewPaper } from "../model-papers/new-paper.server";
import type { Route } from "./+types/new-paper";

/** `/<subject path>/new-paper`: a GET that answers with a redirect to a new made paper (issue 25 §3). */
export function loader({ context, request, url }: Route.LoaderArgs) {
  const page = parseSubjectPath(url.pathname);
  if (!page) throw data(null, { status: 404 });
  return redirectToNewPaper(context, request, page.subject, url);
}
