/**
 * Practice by chapter (issue 25 §4): the subject's chapters with how many questions the bank holds for each (for
 * everyone), and for a signed-in student a mixed set of questions from the chosen chapters, with model answers and
 * marking points to mark themselves by. A plain GET form, so it works without JavaScript; the set's seed is in its
 * URL, so the same link gives the same questions.
 */
import { data, type RouterContextProvider, redirect } from "react-router";
import type { Medium } from "../../domain/catalog.ts";
import { basePath } from "../../domain/i18n.ts";
import { MAX_SEED, parseSeed } from "../../domain/random.ts";
import { safeRedirect } from "../../domain/redirect.ts";
import { type Subject, subjectPath } from "../../domain/subjects.ts";
import {
  CHAPTER_SET_SIZE,
  chapterSet,
  type QuestionBankSummary,
  questionBankSummary,
} from "../../server/model-papers/question-bank.server.ts";
import { servicesContext } from "../context";
import { CHAPTER_FIELD } from "../pages";
import { getUser } from "../requests/session.server";
import { mediumForRequest } from "../site/medium";

export async function loadChapterPractice(
  context: Readonly<RouterContextProvider>,
  request: Request,
  subject: Subject,
  url: URL,
) {
  const services = context.get(servicesContext);
  let { medium } = mediumForRequest(url, request.headers.get("cookie"));
  let bank = await questionBankSummary(services, subject.key, medium);
  // As on the subject page: where a medium has no model papers of its own yet, the English ones serve it.
  if (bank.items === 0 && medium !== "english") {
    medium = "english";
    bank = await questionBankSummary(services, subject.key, medium);
  }
  const path = basePath(url.pathname);
  const page = {
    subject,
    subjectPath: subjectPath(subject),
    path,
    medium,
    size: CHAPTER_SET_SIZE,
    chapters: bank.chapters.filter((chapter) => chapter.items > 0),
    devanagari: bank.chapters.some((chapter) => /[\u0900-\u097f]/.test(chapter.name)),
  };

  const asked = url.searchParams.getAll(CHAPTER_FIELD);
  // The form was sent (its button names itself) or a link names chapters: say what is wrong, inline, with a 400.
  const sent = asked.length > 0 || url.searchParams.has("make");
  if (!sent) return { ...page, chosen: [] as string[], problem: null, set: null };
  const chosen = [...new Set(asked)];
  const problem = chosenProblem(bank, chosen);
  if (problem)
    return data(
      { ...page, chosen: chosen.filter((id) => bank.chapters.some((c) => c.id === id)), problem, set: null },
      400,
    );

  const seed = parseSeed(url.searchParams.get("seed"));
  if (seed === null) throw redirect(setPath(url.pathname, medium, chosen, randomSeed()));
  const user = await getUser(context);
  const set = user ? await chapterSet(services, subject.key, medium, new Set(chosen), seed) : null;
  return {
    ...page,
    chosen,
    problem: null,
    set: {
      seed,
      signedIn: user !== null,
      language: set?.language ?? "en",
      questions: set?.questions ?? [],
      // Items, not questions: a question may hold several items of one passage.
      count: set?.questions.reduce((sum, q) => sum + (q.question.sections[0]?.items.length ?? 0), 0) ?? 0,
      // English paths: the page adds the language.
      another: setPath(path, medium, chosen, nextSeed(seed)),
      returnTo: `${path}${url.search}`,
      chapterNames: bank.chapters.filter((chapter) => chosen.includes(chapter.id)).map((chapter) => chapter.name),
    },
  };
}

function chosenProblem(bank: QuestionBankSummary, chosen: string[]): "pickOne" | "unknownChapter" | null {
  if (chosen.length === 0) return "pickOne";
  const known = new Set(bank.chapters.filter((chapter) => chapter.items > 0).map((chapter) => chapter.id));
  return chosen.every((id) => known.has(id)) ? null : "unknownChapter";
}

/** This page with a set's query; through the site's one redirect guard, like every target. */
function setPath(pathname: string, medium: Medium, chapters: readonly string[], seed: number): string {
  const query = new URLSearchParams({ medium });
  for (const chapter of chapters) query.append(CHAPTER_FIELD, chapter);
  query.set("seed", String(seed));
  return safeRedirect(`${pathname}?${query}`, pathname);
}

function randomSeed(): number {
  return 1 + Math.floor(Math.random() * MAX_SEED);
}

/** "Another set": the next seed, wrapping around. */
function nextSeed(seed: number): number {
  return seed >= MAX_SEED ? 1 : seed + 1;
}
