/**
 * Practice attempts (issue 13): start, read, save marks and statuses, finish the writing, finish, list and
 * progress. Every function takes the signed-in user's id and touches only that user's attempts: another
 * user's attempt id reads as missing. Scoring is `domain/practice.ts`; this module only stores.
 */
import { randomUUID } from "node:crypto";
import { and, desc, eq, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { ChapterMark } from "../../domain/chapter-progress.ts";
import { indianDay } from "../../domain/i18n.ts";
import type { ModelPaper } from "../../domain/model-papers.ts";
import {
  ATTEMPT_LIFETIME_MS,
  type AttemptScore,
  type AttemptState,
  allowedMinutes,
  attemptStateAt,
  type ChapterScore,
  checkMarks,
  checkPoints,
  type ItemStatus,
  type MarkableSection,
  markableSections,
  markFromPoints,
  percentageOf,
  scoreAttempt,
  tickedPoints,
  weakestChapters,
} from "../../domain/practice.ts";
import { type SubjectKey, subjectByKey } from "../../domain/subjects.ts";
import { SYLLABUSES } from "../../domain/syllabus/index.ts";
import { practiceAttempts } from "../db/schema.ts";
import { HttpError } from "../http/respond.server.ts";
import { findModelPaper, getModelPapers, isModelPaperRetired, modelPaperPath } from "../model-papers/catalog.server.ts";
import { type ChapterProgressView, notebookCards, subjectChapters } from "../reviews/chapter-progress.server.ts";
import { type MarkedItem, recordMarks } from "../reviews/notebook.server.ts";
import type { Services } from "../services.server.ts";

type Row = typeof practiceAttempts.$inferSelect;

/** An attempt as the API and the pages see it, in the API's snake_case. */
export interface AttemptView {
  id: string;
  paper_id: string;
  paper_title: string;
  paper_url: string;
  subject: SubjectKey;
  state: AttemptState;
  allowed_minutes: number;
  started_at: string;
  deadline_at: string;
  writing_ended_at: string | null;
  finished_at: string | null;
  /** The server's clock when this was read: the page's countdown corrects the device's clock by it. */
  server_now: string;
  statuses: Record<string, ItemStatus>;
  marks: Record<string, number>;
  /** Item id → the indices of the marking points ticked (the item's mark in `marks` is their sum). */
  points: Record<string, number[]>;
  /** The score, once finished. */
  result: AttemptScore | null;
}

export interface AttemptSummary {
  id: string;
  paper_id: string;
  paper_title: string;
  subject: SubjectKey;
  state: AttemptState;
  started_at: string;
  finished_at: string | null;
  scored: number | null;
  max_marks: number | null;
  percentage: number | null;
}

const ATTEMPT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function isAttemptId(value: string): boolean {
  return ATTEMPT_ID.test(value);
}

const NOT_FOUND = "No such practice attempt";

/** The paper and its markable sections; a paper removed from the content since reads as missing. */
export function practicePaper(paperId: string): { paper: ModelPaper; sections: MarkableSection[] } | null {
  const paper = findModelPaper(paperId);
  if (!paper) return null;
  return { paper, sections: markableSections(paper, SYLLABUSES[paper.subject]) };
}

function toView(row: Row, now: Date): AttemptView {
  const paper = findModelPaper(row.paperId);
  return {
    id: row.id,
    paper_id: row.paperId,
    paper_title: paper?.title ?? row.paperId,
    paper_url: paper ? modelPaperPath(paper) : "",
    subject: row.subject as SubjectKey,
    state: attemptStateAt(row, now),
    allowed_minutes: paper ? allowedMinutes(paper) : 0,
    started_at: row.startedAt.toISOString(),
    deadline_at: row.deadlineAt.toISOString(),
    writing_ended_at: row.writingEndedAt?.toISOString() ?? null,
    finished_at: row.finishedAt?.toISOString() ?? null,
    server_now: now.toISOString(),
    statuses: row.statuses as Record<string, ItemStatus>,
    marks: row.marks,
    points: row.points,
    result: (row.result as AttemptScore | null) ?? null,
  };
}

/** Ends the user's attempts that were started more than 24 hours ago and never finished. */
async function endStaleAttempts(services: Services, userId: string, now: Date): Promise<void> {
  await services.database.db
    .update(practiceAttempts)
    .set({ ended: true })
    .where(
      and(
        eq(practiceAttempts.userId, userId),
        isNull(practiceAttempts.finishedAt),
        eq(practiceAttempts.ended, false),
        lte(practiceAttempts.startedAt, new Date(now.getTime() - ATTEMPT_LIFETIME_MS)),
      ),
    );
}

async function findRow(services: Services, userId: string, id: string): Promise<Row> {
  if (!isAttemptId(id)) throw new HttpError(404, NOT_FOUND);
  const [row] = await services.database.db
    .select()
    .from(practiceAttempts)
    .where(and(eq(practiceAttempts.id, id), eq(practiceAttempts.userId, userId)))
    .limit(1);
  if (!row) throw new HttpError(404, NOT_FOUND);
  return row;
}

/** The user's attempt as it is now: ended first if 24 hours passed. */
async function currentRow(services: Services, userId: string, id: string, now: Date): Promise<Row> {
  await endStaleAttempts(services, userId, now);
  return findRow(services, userId, id);
}

/**
 * Starts a timed attempt, or continues the user's open attempt of the same paper (a second device, a
 * second tap): `created` says which.
 */
export async function startAttempt(
  services: Services,
  userId: string,
  paperId: string,
  now = new Date(),
): Promise<{ attempt: AttemptView; created: boolean }> {
  const found = practicePaper(paperId);
  // A paper an admin retired (issue 15) cannot be started, from the page or the API.
  if (!found || (await isModelPaperRetired(services, paperId))) throw new HttpError(404, "No such model paper");
  await endStaleAttempts(services, userId, now);
  const findOpen = async () => {
    const [open] = await services.database.db
      .select()
      .from(practiceAttempts)
      .where(
        and(
          eq(practiceAttempts.userId, userId),
          eq(practiceAttempts.paperId, paperId),
          isNull(practiceAttempts.finishedAt),
          eq(practiceAttempts.ended, false),
        ),
      )
      .limit(1);
    return open;
  };
  const open = await findOpen();
  if (open) return { attempt: toView(open, now), created: false };
  // The partial unique index allows one open attempt per paper: of two Starts at the same moment
  // (two devices, a double tap), one inserts and the other continues that attempt.
  const [row] = await services.database.db
    .insert(practiceAttempts)
    .values({
      id: randomUUID(),
      userId,
      paperId,
      subject: found.paper.subject,
      startedAt: now,
      deadlineAt: new Date(now.getTime() + allowedMinutes(found.paper) * 60_000),
    })
    .onConflictDoNothing()
    .returning();
  if (row) return { attempt: toView(row, now), created: true };
  const winner = await findOpen();
  if (!winner) throw new HttpError(409, "The attempt could not be started; please try again");
  return { attempt: toView(winner, now), created: false };
}

export async function getAttempt(
  services: Services,
  userId: string,
  id: string,
  now = new Date(),
): Promise<AttemptView> {
  return toView(await currentRow(services, userId, id, now), now);
}

export interface AttemptChanges {
  /** Item id → marks, or null to clear them. A mark given this way clears the item's ticked points. */
  marks?: Record<string, number | null>;
  /**
   * Item id → the indices of the marking points ticked, or null to clear them. The item's mark is set to their
   * sum (domain/practice.ts's markFromPoints), or cleared with them; for an item in both, the points decide.
   */
  points?: Record<string, number[] | null>;
  /** Item id → status, or null to clear it. */
  statuses?: Record<string, ItemStatus | null>;
}

/**
 * Saves marks, ticked points and statuses. Values are set, never added, and each item is merged in one
 * statement, so a retried request or two devices saving at once never double-count or lose another item's marks.
 */
export async function saveAttempt(
  services: Services,
  userId: string,
  id: string,
  changes: AttemptChanges,
  now = new Date(),
): Promise<AttemptView> {
  const row = await currentRow(services, userId, id, now);
  const state = attemptStateAt(row, now);
  if (state === "finished" || state === "not_finished") {
    throw new HttpError(409, "This attempt has ended; its marks can no longer change");
  }
  const found = practicePaper(row.paperId);
  if (!found) throw new HttpError(404, NOT_FOUND);
  const givenMarks = changes.marks ?? {};
  const givenPoints = changes.points ?? {};
  const statuses = changes.statuses ?? {};
  if (Object.keys(givenMarks).length + Object.keys(givenPoints).length > 0 && state === "writing") {
    throw new HttpError(409, "Give yourself marks once the writing time is over");
  }
  const given = Object.fromEntries(Object.entries(givenMarks).filter(([, v]) => v !== null));
  const errors = { ...checkMarks(found.sections, given), ...checkPoints(found.sections, givenPoints) };
  const itemIds = new Set(found.sections.flatMap((s) => s.items.map((i) => i.id)));
  for (const key of Object.keys(statuses)) {
    if (!itemIds.has(key)) errors[key] = "There is no such question in this paper";
  }
  for (const key of Object.keys(givenMarks)) {
    if (givenMarks[key] === null && !itemIds.has(key)) errors[key] = "There is no such question in this paper";
  }
  if (Object.keys(errors).length > 0) {
    throw new HttpError(400, "Some marks are not valid", { errors });
  }
  // Ticked points set the item's mark; a mark given without points (an older page) leaves no stale ticks behind.
  const items = new Map(found.sections.flatMap((s) => s.items).map((item) => [item.id, item]));
  const marks: Record<string, number | null> = { ...givenMarks };
  const points: Record<string, number[] | null> = {};
  for (const key of Object.keys(givenMarks)) points[key] = null;
  for (const [key, ticked] of Object.entries(givenPoints)) {
    const item = items.get(key);
    if (!item) continue;
    points[key] = ticked === null ? null : tickedPoints(ticked);
    marks[key] = ticked === null ? null : markFromPoints(item, ticked);
  }
  const merge = (
    column: typeof practiceAttempts.marks | typeof practiceAttempts.points | typeof practiceAttempts.statuses,
    values: object,
  ) => {
    const set = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== null));
    const cleared = Object.entries(values)
      .filter(([, v]) => v === null)
      .map(([k]) => k);
    const merged = sql`(${column} || ${JSON.stringify(set)}::jsonb)`;
    return cleared.length
      ? sql`${merged} - ARRAY[${sql.join(
          cleared.map((k) => sql`${k}`),
          sql`, `,
        )}]::text[]`
      : merged;
  };
  const [updated] = await services.database.db
    .update(practiceAttempts)
    .set({
      marks: merge(practiceAttempts.marks, marks),
      points: merge(practiceAttempts.points, points),
      statuses: merge(practiceAttempts.statuses, statuses),
    })
    .where(
      and(
        eq(practiceAttempts.id, row.id),
        eq(practiceAttempts.userId, userId),
        isNull(practiceAttempts.finishedAt),
        eq(practiceAttempts.ended, false),
      ),
    )
    .returning();
  // Finished by another device between the read and the write.
  if (!updated) throw new HttpError(409, "This attempt has ended; its marks can no longer change");
  return toView(updated, now);
}

/** 'Finish' while writing: the checking begins. Finishing twice changes nothing. */
export async function finishWriting(
  services: Services,
  userId: string,
  id: string,
  now = new Date(),
): Promise<AttemptView> {
  const row = await currentRow(services, userId, id, now);
  if (attemptStateAt(row, now) !== "writing") return toView(row, now);
  const [updated] = await services.database.db
    .update(practiceAttempts)
    .set({ writingEndedAt: now })
    .where(and(eq(practiceAttempts.id, row.id), isNull(practiceAttempts.writingEndedAt)))
    .returning();
  return toView(updated ?? (await findRow(services, userId, id)), now);
}

/** The result: scores the marks given and keeps the score. Finishing again returns the same result. */
export async function finishAttempt(
  services: Services,
  userId: string,
  id: string,
  now = new Date(),
): Promise<AttemptView> {
  await endStaleAttempts(services, userId, now);
  if (!isAttemptId(id)) throw new HttpError(404, NOT_FOUND);
  // The row is locked while it is scored, so marks saved at the same moment are either in the score or refused.
  const row = await services.database.db.transaction(async (tx) => {
    const [locked] = await tx
      .select()
      .from(practiceAttempts)
      .where(and(eq(practiceAttempts.id, id), eq(practiceAttempts.userId, userId)))
      .for("update");
    if (!locked) throw new HttpError(404, NOT_FOUND);
    const state = attemptStateAt(locked, now);
    if (state === "finished") return locked;
    if (state === "not_finished") throw new HttpError(409, "This attempt ended after 24 hours without a result");
    const found = practicePaper(locked.paperId);
    if (!found) throw new HttpError(404, NOT_FOUND);
    const score = scoreAttempt(found.sections, locked.marks);
    const [updated] = await tx
      .update(practiceAttempts)
      .set({
        writingEndedAt: locked.writingEndedAt ?? (now < locked.deadlineAt ? now : locked.deadlineAt),
        finishedAt: now,
        scored: score.scored,
        maxMarks: score.max,
        result: score,
      })
      .where(eq(practiceAttempts.id, locked.id))
      .returning();
    // The mistake notebook (issue 27), in the same transaction: a result and its mistakes are stored together.
    await recordMarks(services, userId, markedItems(locked, found.sections, score.counted), now, tx);
    return updated ?? locked;
  });
  return toView(row, now);
}

/** The counted items the student gave marks to, with the marking points they did not tick (issue 27). */
function markedItems(row: Row, sections: MarkableSection[], counted: readonly string[]): MarkedItem[] {
  const items = new Map(sections.flatMap((s) => s.items).map((item) => [item.id, item]));
  return counted.flatMap((id) => {
    const item = items.get(id);
    const scored = row.marks[id];
    if (!item || scored === undefined) return [];
    const ticked = row.points[id];
    // Marked with the old marks-only API: which points were missed is unknown.
    const missed = ticked ? item.points.flatMap((_, i) => (ticked.includes(i) ? [] : [i])) : [];
    return [
      { paperId: row.paperId, itemId: id, subject: row.subject, chapter: item.chapter, scored, max: item.max, missed },
    ];
  });
}

/** A page of the user's attempts, newest first; `older` names the cursor of the next page, null at the end. */
export interface AttemptPage {
  attempts: AttemptSummary[];
  older: string | null;
}

/**
 * The user's attempts, newest first, `limit` at a time (issue 26: the history lists every attempt, page by page).
 * `before`, an attempt's id, lists those started before it (the id breaks ties); null when the user has no such
 * attempt, so that the caller can say so.
 */
export async function listAttempts(
  services: Services,
  userId: string,
  { now = new Date(), before, limit = 200 }: { now?: Date; before?: string | undefined; limit?: number } = {},
): Promise<AttemptPage | null> {
  await endStaleAttempts(services, userId, now);
  const { db } = services.database;
  let after: { startedAt: Date; id: string } | undefined;
  if (before !== undefined) {
    if (!isAttemptId(before)) return null;
    [after] = await db
      .select({ startedAt: practiceAttempts.startedAt, id: practiceAttempts.id })
      .from(practiceAttempts)
      .where(and(eq(practiceAttempts.id, before), eq(practiceAttempts.userId, userId)))
      .limit(1);
    if (!after) return null;
  }
  const rows = await db
    .select()
    .from(practiceAttempts)
    .where(
      and(
        eq(practiceAttempts.userId, userId),
        after
          ? or(
              lt(practiceAttempts.startedAt, after.startedAt),
              and(eq(practiceAttempts.startedAt, after.startedAt), lt(practiceAttempts.id, after.id)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(practiceAttempts.startedAt), desc(practiceAttempts.id))
    // One more than the page: whether there is an older page, without counting.
    .limit(limit + 1);
  const more = rows.length > limit;
  const shown = rows.slice(0, limit);
  return { attempts: shown.map((row) => summary(row, now)), older: more ? (shown.at(-1)?.id ?? null) : null };
}

function summary(row: Row, now: Date): AttemptSummary {
  const view = toView(row, now);
  return {
    id: view.id,
    paper_id: view.paper_id,
    paper_title: view.paper_title,
    subject: view.subject,
    state: view.state,
    started_at: view.started_at,
    finished_at: view.finished_at,
    scored: row.scored,
    max_marks: row.maxMarks,
    percentage: row.scored !== null && row.maxMarks ? percentageOf(row.scored, row.maxMarks) : null,
  };
}

/** A chapter where marks were lost, with where to practise it: its questions in other model papers. */
export interface WeakChapter {
  chapter: string;
  name: string;
  scored: number;
  max: number;
  percentage: number;
  questions: { paper_id: string; paper_title: string; question: string; item_id: string; url: string }[];
}

/** The weakest chapters of a subject, each linked to its questions in the model papers other than `except`. */
export function weakChapterLinks(
  subject: SubjectKey,
  chapters: ChapterScore[],
  { except, language }: { except: string[]; language: ModelPaper["language"] },
): WeakChapter[] {
  // In the practised paper's own language, and only to papers in it (issue 23): a Marathi-medium student is
  // sent to Marathi-medium papers, with the chapters' Marathi names.
  const names = new Map(
    SYLLABUSES[subject].chapters.map((c) => [c.id, language === "mr" ? (c.nameMr ?? c.name) : c.name]),
  );
  const others = getModelPapers().papers.filter(
    (p) => p.subject === subject && p.language === language && !except.includes(p.id),
  );
  return weakestChapters(chapters).map((c) => ({
    chapter: c.chapter,
    name: names.get(c.chapter) ?? c.chapter,
    scored: c.scored,
    max: c.max,
    percentage: percentageOf(c.scored, c.max),
    // One link per question of a paper, to its first item on the chapter.
    questions: others.flatMap((paper) =>
      paper.questions.flatMap((q) => {
        const item = q.sections.flatMap((s) => s.items).find((i) => i.chapter === c.chapter);
        return item
          ? [
              {
                paper_id: paper.id,
                paper_title: paper.title,
                question: q.number,
                item_id: item.id,
                url: `${modelPaperPath(paper)}#${item.id}`,
              },
            ]
          : [];
      }),
    ),
  }));
}

function paperLanguage(row: Row | undefined): ModelPaper["language"] {
  const paper = row ? findModelPaper(row.paperId) : undefined;
  return paper?.language ?? "en";
}

export interface SubjectProgress {
  subject: SubjectKey;
  subject_name: string;
  papers_attempted: number;
  attempts_finished: number;
  best_percentage: number | null;
  latest_percentage: number | null;
  /** Finished attempts, oldest first: the trend. */
  trend: { attempt_id: string; finished_at: string; percentage: number }[];
  weakest_chapters: WeakChapter[];
  /** Every chapter of the syllabus the bank or the student has touched (issue 27 §4). */
  chapters: ChapterProgressView[];
}

/** Progress by subject, in the order of the user's most recent practice. */
export async function getProgress(services: Services, userId: string, now = new Date()): Promise<SubjectProgress[]> {
  await endStaleAttempts(services, userId, now);
  const rows = await services.database.db
    .select()
    .from(practiceAttempts)
    .where(eq(practiceAttempts.userId, userId))
    .orderBy(desc(practiceAttempts.startedAt));
  const bySubject = new Map<SubjectKey, Row[]>();
  for (const row of rows) {
    const subject = row.subject as SubjectKey;
    bySubject.set(subject, [...(bySubject.get(subject) ?? []), row]);
  }
  const cards = await notebookCards(services, userId);
  const today = indianDay(now);
  return Promise.all(
    [...bySubject].map(async ([subject, subjectRows]) => {
      const finished = subjectRows
        .filter((r) => r.finishedAt && r.maxMarks)
        .sort((a, b) => (a.finishedAt?.getTime() ?? 0) - (b.finishedAt?.getTime() ?? 0));
      const percentages = finished.map((r) => percentageOf(r.scored ?? 0, r.maxMarks ?? 0));
      const chapters = finished.flatMap((r) => (r.result as AttemptScore | null)?.byChapter ?? []);
      return {
        subject,
        subject_name: subjectByKey(subject).name,
        papers_attempted: new Set(subjectRows.map((r) => r.paperId)).size,
        attempts_finished: finished.length,
        best_percentage: percentages.length ? Math.max(...percentages) : null,
        latest_percentage: percentages.at(-1) ?? null,
        trend: finished.map((r, i) => ({
          attempt_id: r.id,
          finished_at: r.finishedAt?.toISOString() ?? "",
          percentage: percentages[i] ?? 0,
        })),
        // The language of the subject's latest practice: a student keeps to one medium.
        weakest_chapters: weakChapterLinks(subject, chapters, { except: [], language: paperLanguage(subjectRows[0]) }),
        chapters: await subjectChapters(
          services,
          subject,
          subjectRows[0] ? findModelPaper(subjectRows[0].paperId) : undefined,
          finished.flatMap(chapterMarks),
          cards,
          today,
        ),
      };
    }),
  );
}

/** A finished practice's marks, item by item, with each item's chapter (issue 27 §4). */
function chapterMarks(row: Row): ChapterMark[] {
  const found = practicePaper(row.paperId);
  if (!found || !row.finishedAt) return [];
  const day = indianDay(row.finishedAt);
  const items = new Map(found.sections.flatMap((s) => s.items).map((item) => [item.id, item]));
  return Object.entries(row.marks).flatMap(([id, scored]) => {
    const item = items.get(id);
    return item ? [{ chapter: item.chapter, itemKey: `${row.paperId}:${id}`, scored, max: item.max, day }] : [];
  });
}

/** The papers of a subject the student has started practice on, at any time (a made paper's avoid mask). */
export async function practisedPaperIds(
  services: Pick<Services, "database">,
  userId: string,
  subject: SubjectKey,
): Promise<Set<string>> {
  const rows = await services.database.db
    .selectDistinct({ paperId: practiceAttempts.paperId })
    .from(practiceAttempts)
    .where(and(eq(practiceAttempts.userId, userId), eq(practiceAttempts.subject, subject)))
    .limit(500);
  return new Set(rows.map((row) => row.paperId));
}
