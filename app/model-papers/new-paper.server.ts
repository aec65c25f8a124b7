/**
 * "Practise a new paper in the board's pattern" (issue 25 §3): picks a seed and sends the student to that made
 * paper's page. For a signed-in student the id also names the subject's written papers they have practised, so
 * that the paper draws its items from the others wherever the bank allows; the paper itself stays a function of
 * its id, and its link can be shared.
 */
import { randomInt } from "node:crypto";
import { data, type RouterContextProvider, redirect } from "react-router";
import { localeFromPath, localizePath } from "../../domain/i18n.ts";
import { isLanguageSubject } from "../../domain/papers.ts";
import { MAX_SEED } from "../../domain/random.ts";
import { safeRedirect } from "../../domain/redirect.ts";
import { type Subject, subjectPath } from "../../domain/subjects.ts";
import { getModelPapers } from "../../server/model-papers/catalog.server.ts";
import { MAX_AVOID, madeId, madeSources } from "../../server/model-papers/made.server.ts";
import { practisedPaperIds } from "../../server/practice/attempts.server.ts";
import { servicesContext } from "../context";
import { getUser } from "../requests/session.server";
import { mediumForRequest } from "../site/medium";

export async function redirectToNewPaper(
  context: Readonly<RouterContextProvider>,
  request: Request,
  subject: Subject,
  url: URL,
): Promise<never> {
  const { medium } = mediumForRequest(url, request.headers.get("cookie"));
  const papers = getModelPapers().papers;
  // The Marathi medium's own papers where the subject has them (as the subject page lists them).
  const marathi =
    medium === "marathi" &&
    !isLanguageSubject(subject.key) &&
    madeSources(papers, { subject: subject.key, marathi: true }).length > 0;
  const sources = madeSources(papers, { subject: subject.key, marathi });
  if (sources.length === 0) throw data(null, { status: 404 });

  const user = await getUser(context);
  const practised = user ? await practisedPaperIds(context.get(servicesContext), user.id, subject.key) : new Set();
  let avoid = 0;
  sources.forEach((paper, i) => {
    if (practised.has(paper.id) && 1 << i <= MAX_AVOID) avoid |= 1 << i;
  });
  // Every paper practised: nothing to prefer, and the id stays short.
  const all = (1 << Math.min(sources.length, 6)) - 1;
  if (avoid === all) avoid = 0;

  const id = madeId({ subject: subject.key, seed: randomInt(1, MAX_SEED + 1), avoid, marathi });
  const home = subjectPath(subject);
  const locale = localeFromPath(url.pathname);
  throw redirect(safeRedirect(localizePath(`${home}/${id}`, locale), localizePath(home, locale)), 303);
}
