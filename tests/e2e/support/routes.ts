import { SUBJECTS, subjectPath } from "../../../domain/subjects.ts";
import { getArticles } from "../../../server/content/articles.server.ts";

/** Every page of the site once, for checks that must hold everywhere (axe, width at 360 px). */
export const ALL_ROUTES = [
  "/",
  "/login",
  "/login?tab=sign_in",
  "/blogs",
  "/blogs?page=2",
  "/about-us",
  "/contact-us",
  "/terms-&-conditions",
  "/privacy-&-policy",
  "/loader",
  "/no-such-page",
  ...SUBJECTS.map(subjectPath),
  ...getArticles().map((article) => article.path),
  // Model papers: maths with figures and MathML, Devanagari text, maps and graphs.
  "/maharashtra-board-math-2-question-papers/math-2-model-1",
  "/maharashtra-board-marathi-question-papers/marathi-model-1",
  "/maharashtra-board-geography-question-papers/geography-model-2",
  // Practice by chapter: the chapter form (the sets are checked in chapter-practice.spec.ts).
  "/maharashtra-board-hindi-full-question-papers/chapter-practice",
];
