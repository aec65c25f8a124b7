/**
 * What the practice pages load and post: the start screen, the attempt (writing, checking, result) and
 * progress. They call the same functions as `/api/v1/attempts` (server/practice/attempts.server.ts).
 */
import { data, type RouterContextProvider, redirect } from "react-router";
import { formField } from "../../domain/form-data.ts";
import { basePath, formatDay, indianDay, type Locale, localeFromPath, localizePath } from "../../domain/i18n.ts";
import { allowedMinutes, type MarkableSection } from "../../domain/practice.ts";
import { SUBJECTS, subjectByKey, subjectPath } from "../../domain/subjects.ts";
import { HttpError } from "../../server/http/respond.server.ts";
import {
  getModelPapers,
  getModelPaperView,
  isModelPaperRetired,
  modelPaperPath,
  retiredModelPaperIds,
} from "../../server/model-papers/catalog.server.ts";
import {
  type AttemptChanges,
  type AttemptSummary,
  type AttemptView,
  finishAttempt,
  finishWriting,
  getAttempt,
  getProgress,
  listAttempts,
  practicePaper,
  saveAttempt,
  startAttempt,
  type WeakChapter,
  weakChapterLinks,
} from "../../server/practice/attempts.server.ts";
import { servicesContext } from "../context";
import { withoutAnswers } from "../model-papers/model-paper.server";
import { getUser, requireUser } from "../requests/session.server";
import { orUnavailable } from "../requests/unavailable.server";

type Context = Readonly<RouterContextProvider>;

/** A redirect to a site path in the language of the page that was asked for. */
function redirectIn(url: URL, path: string): Response {
  return redirect(localizePath(path, localeFromPath(url.pathname)));
}

/** The subject for the breadcrumbs: both names, the page picks its language's. */
function subjectLink(subject: ReturnType<typeof subjectByKey>) {
  return { name: subject.name, nameMr: subject.nameMr, path: subjectPath(subject) };
}

/** The API's refusals as page responses: a 404 page, or a message the form shows. */
async function asPage<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await orUnavailable(work);
  } catch (error) {
    if (error instanceof HttpError) {
      if (error.status === 404) throw data(null, { status: 404 });
      throw data({ message: error.message, errors: error.errors ?? {} }, { status: error.status });
    }
    throw error;
  }
}

function paperOr404(paperId: string | null) {
  const found = paperId ? practicePaper(paperId) : null;
  const view = found ? getModelPaperView(found.paper.id) : undefined;
  if (!found || !view) throw data(null, { status: 404 });
  return { ...found, view };
}

/** A paper an admin retired (issue 15) cannot be started; attempts already made go on to their results. */
async function startablePaperOr404(context: Context, paperId: string | null) {
  const found = paperOr404(paperId);
  if (await isModelPaperRetired(context.get(servicesContext), found.paper.id)) throw data(null, { status: 404 });
  return found;
}

/**
 * The start screen: the paper's instructions, the time allowed, and Start (or sign in first). Durations are
 * minutes: the page writes them in its language. Paths are English; the page puts them in its language.
 */
export async function loadPracticeStart(context: Context, url: URL) {
  const { paper, view } = await startablePaperOr404(context, url.searchParams.get("paper"));
  const user = await getUser(context);
  const subject = subjectByKey(paper.subject);
  return {
    signedIn: user !== null,
    loginHref: `${localizePath("/login", localeFromPath(url.pathname))}?redirectTo=${encodeURIComponent(url.pathname + url.search)}`,
    path: basePath(url.pathname) + url.search,
    paper: {
      id: paper.id,
      title: paper.title,
      language: paper.language,
      marks: paper.marks,
      durationMinutes: paper.durationMinutes,
      allowedMinutes: allowedMinutes(paper),
      instructionsHtml: view.instructionsHtml,
      url: modelPaperPath(paper),
    },
    subject: subjectLink(subject),
  };
}

export async function startPracticeAction(context: Context, request: Request, url: URL) {
  const user = await requireUser(context, url);
  const form = await request.formData();
  const { paper } = await startablePaperOr404(context, formField(form, "paper") || null);
  const services = context.get(servicesContext);
  const { attempt } = await asPage(() => startAttempt(services, user.id, paper.id));
  throw redirectIn(url, practicePath(attempt));
}

export interface PracticePageData {
  attempt: AttemptView;
  view: NonNullable<ReturnType<typeof getModelPaperView>>;
  sections: MarkableSection[];
  subject: { name: string; nameMr: string; path: string };
  chapterNames: Record<string, string>;
  weakest: WeakChapter[];
}

/** Each stage of an attempt is its own page, with only its own code: writing, checking, result. */
export type PracticeStage = "writing" | "checking" | "finished";

/** The page an attempt belongs on now ("not finished" is told on the writing page's address). */
function practicePath(attempt: Pick<AttemptView, "id" | "state">): string {
  const base = `/practice/${attempt.id}`;
  return attempt.state === "checking" ? `${base}/check` : attempt.state === "finished" ? `${base}/result` : base;
}

export async function loadPractice(
  context: Context,
  url: URL,
  id: string,
  stage: PracticeStage,
): Promise<PracticePageData> {
  const user = await requireUser(context, url);
  const services = context.get(servicesContext);
  const attempt = await asPage(() => getAttempt(services, user.id, id));
  const here = attempt.state === stage || (stage === "writing" && attempt.state === "not_finished");
  // A reload after time ran out, a second device, an old link: go to where the attempt is now.
  if (!here) throw redirectIn(url, practicePath(attempt));
  const { paper, sections, view } = paperOr404(attempt.paper_id);
  const subject = subjectByKey(paper.subject);
  // While writing, the page carries no answers: the answers are for the checking.
  const questions = attempt.state === "writing" ? view.questions.map(withoutAnswers) : view.questions;
  const chapterNames: Record<string, string> = {};
  for (const item of view.questions.flatMap((q) => q.sections.flatMap((s) => s.items))) {
    chapterNames[item.chapter] = item.chapterName;
  }
  return {
    attempt,
    view: { ...view, questions },
    sections,
    subject: subjectLink(subject),
    chapterNames,
    weakest: attempt.result
      ? weakChapterLinks(paper.subject, attempt.result.byChapter, { except: [paper.id], language: paper.language })
      : [],
  };
}

/**
 * The marking posted by the checking form without JavaScript: the ticked points (`point:<item id>` fields, one per
 * ticked point, its index as the value) of every item of the paper, an item with none ticked being not marked,
 * once the form says it carries them (`marking=points`); and `mark:<item id>` fields from a page of before.
 */
function postedMarking(form: FormData, sections: MarkableSection[]): AttemptChanges {
  const marks: Record<string, number> = {};
  const ticked: Record<string, number[]> = {};
  for (const [name, value] of form) {
    if (typeof value !== "string" || value === "") continue;
    if (name.startsWith("mark:")) marks[name.slice("mark:".length)] = Number(value);
    if (name.startsWith("point:")) {
      const id = name.slice("point:".length);
      ticked[id] = [...(ticked[id] ?? []), Number(value)];
    }
  }
  const changes: AttemptChanges = Object.keys(marks).length > 0 ? { marks } : {};
  if (formField(form, "marking") === "points") {
    const points: Record<string, number[] | null> = {};
    for (const item of sections.flatMap((s) => s.items)) points[item.id] = null;
    // Unknown items stay in, so that the save refuses them by name.
    for (const [id, indices] of Object.entries(ticked)) points[id] = indices;
    changes.points = points;
  }
  return changes;
}

/** 'Finish' while writing, and 'See my result' (with every tick, when posted without JavaScript). */
export async function practiceAction(context: Context, request: Request, url: URL, id: string) {
  const user = await requireUser(context, url);
  const services = context.get(servicesContext);
  const form = await request.formData();
  const intent = formField(form, "intent");
  if (intent === "finish-writing") {
    throw redirectIn(url, practicePath(await asPage(() => finishWriting(services, user.id, id))));
  }
  if (intent === "finish") {
    if (formField(form, "marking") === "points" || [...form.keys()].some((name) => name.startsWith("mark:"))) {
      const attempt = await asPage(() => getAttempt(services, user.id, id));
      const changes = postedMarking(form, practicePaper(attempt.paper_id)?.sections ?? []);
      // A second tap after the result was given (or an attempt that ended) goes to where the attempt is.
      if (attempt.state === "checking" && (changes.marks || changes.points)) {
        await asPage(() => saveAttempt(services, user.id, id, changes));
      }
    }
    throw redirectIn(url, practicePath(await asPage(() => finishAttempt(services, user.id, id))));
  }
  throw data({ message: "Unknown action", errors: {} }, { status: 400 });
}

/** Attempts on one page of /progress's history. */
const HISTORY_PAGE = 50;

/** Where an attempt is picked up again: writing, checking, or its result (English paths: pages localize them). */
function attemptHref(id: string, state: string): string {
  if (state === "writing") return `/practice/${id}`;
  if (state === "checking") return `/practice/${id}/check`;
  return `/practice/${id}/result`;
}

/** Attempts as the pages list them: title, subject, state, score, and where each one opens. */
function attemptLinks(attempts: AttemptSummary[], locale: Locale) {
  return attempts.map((attempt) => ({
    id: attempt.id,
    title: attempt.paper_title,
    subject: attempt.subject,
    state: attempt.state,
    day: formatDay(locale, indianDay(attempt.started_at)),
    percentage: attempt.percentage,
    // A practice that ended unfinished has no result page to open.
    href: attempt.state === "not_finished" ? null : attemptHref(attempt.id, attempt.state),
  }));
}

/**
 * The signed-in student's unfinished practice, for "Continue" on the home page (issue 26): at most the two
 * newest, so that the page stays a page. Nothing for a visitor.
 */
export async function unfinishedPractice(context: Context, locale: Locale) {
  const user = await getUser(context);
  if (!user) return [];
  const services = context.get(servicesContext);
  // Unfinished attempts are among the newest (one ends 24 hours after its start): 30 rows hold any real student's
  // day of practice (/progress lists every unfinished one on its first page of 50).
  const page = await asPage(() => listAttempts(services, user.id, { limit: 30 }));
  const attempts = page?.attempts ?? [];
  return attemptLinks(attempts.filter((a) => a.state === "writing" || a.state === "checking").slice(0, 2), locale);
}

export async function loadProgress(context: Context, url: URL) {
  const user = await requireUser(context, url);
  const services = context.get(servicesContext);
  // The history, a page at a time (`?before=` an attempt's id: those started before it). A cursor that names no
  // attempt of this student (an old or edited link) shows the newest page.
  const cursor = url.searchParams.get("before") ?? undefined;
  const [subjects, found] = await asPage(() =>
    Promise.all([
      getProgress(services, user.id),
      listAttempts(services, user.id, { before: cursor, limit: HISTORY_PAGE }),
    ]),
  );
  const page = found ?? (await asPage(() => listAttempts(services, user.id, { limit: HISTORY_PAGE })));
  const olderPage = cursor !== undefined && found !== null;
  const attempts = page?.attempts ?? [];
  const retired = await retiredModelPaperIds(services);
  // The empty state: each subject's first model paper to practise (English paths: the page localizes them).
  const firsts = SUBJECTS.flatMap((subject) => {
    const paper = getModelPapers().papers.find((p) => p.subject === subject.key && !retired.has(p.id));
    return paper ? [{ subject: subject.key, title: paper.title, href: `/practice/new?paper=${paper.id}` }] : [];
  });
  const history = attemptLinks(attempts, localeFromPath(url.pathname));
  return {
    subjects: subjects.map((s) => ({ ...s, path: subjectPath(subjectByKey(s.subject)) })),
    firsts,
    // Continue where you left off (issue 26): unfinished first (on the newest page), then every attempt with its
    // result, HISTORY_PAGE at a time.
    unfinished: olderPage ? [] : history.filter((a) => a.state === "writing" || a.state === "checking"),
    history: history.filter((a) => a.state === "finished" || a.state === "not_finished"),
    /** The next page's cursor, null on the last page. */
    older: page?.older ?? null,
    /** Whether this is an older page: it links back to the newest. */
    olderPage,
  };
}
