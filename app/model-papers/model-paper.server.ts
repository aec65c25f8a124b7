/**
 * What the model paper page loads: the whole paper and its answers for a signed-in student; for a
 * visitor (and a search engine) the paper's details and its first question only, with no answers.
 */
import { data, type RouterContextProvider } from "react-router";
import { basePath } from "../../domain/i18n.ts";
import { paperFileUrl } from "../../domain/papers.ts";
import { type Subject, subjectPath } from "../../domain/subjects.ts";
import { SYLLABUSES } from "../../domain/syllabus/index.ts";
import { findModelPaper, getModelPaperView, isModelPaperRetired } from "../../server/model-papers/catalog.server.ts";
import { chaptersCovered, type QuestionView } from "../../server/model-papers/html.server.ts";
import { isMadePaperId } from "../../server/model-papers/made.server.ts";
import { servicesContext } from "../context";
import { getUser } from "../requests/session.server";

/** A question with its answers, answer keys and marking taken out: what a visitor's page may carry. */
export function withoutAnswers(question: QuestionView): QuestionView {
  return {
    ...question,
    sections: question.sections.map((section) => ({
      ...section,
      items: section.items.map(({ answerFigure: _figure, correct: _correct, ...item }) => ({
        ...item,
        answerHtml: "",
        marking: [],
      })),
    })),
  };
}

export async function loadModelPaperPage(
  context: Readonly<RouterContextProvider>,
  subject: Subject,
  id: string,
  url: URL,
) {
  const paper = findModelPaper(id);
  const view = paper?.subject === subject.key ? getModelPaperView(id) : undefined;
  if (!paper || !view) throw data(null, { status: 404 });
  // Retired by an admin (issue 15): gone for students, as an unknown paper is.
  if (await isModelPaperRetired(context.get(servicesContext), id)) throw data(null, { status: 404 });
  const user = await getUser(context);
  const { questions, ...details } = view;
  return {
    subject,
    subjectPath: subjectPath(subject),
    /** The page's English path; links and the canonical add the language. */
    path: basePath(url.pathname),
    // A Hindi, Marathi or Sanskrit paper, or a Marathi-medium one, needs the Devanagari font.
    devanagari: paper.language !== "en",
    details: {
      ...details,
      chapters: chaptersCovered(paper, SYLLABUSES[paper.subject]),
      questionCount: questions.length,
      questionUrl: paperFileUrl(id, "question"),
      solutionUrl: paperFileUrl(id, "solution"),
    },
    signedIn: user !== null,
    /** A paper made to order (issue 25 §3): its page says so and offers another; search engines skip it. */
    made: isMadePaperId(id),
    // A visitor gets the first question as a preview; the rest, and every answer, need an account.
    questions: user ? questions : questions.slice(0, 1).map(withoutAnswers),
    // The anchors of the items a visitor does not see (issue 23): a search result for Q.2 lands on the sign-in
    // notice that says the rest of the paper needs an account, not at the top of Q.1. Without JavaScript too.
    hiddenAnchors: user ? [] : questions.slice(1).flatMap((q) => q.sections.flatMap((s) => s.items.map((i) => i.id))),
    allAnswers: user !== null && url.searchParams.get("answers") === "all",
  };
}
