/**
 * The mistake notebook and its spaced review (issue 27, decision 030). One card per item a student marked below
 * full marks (or flagged), scheduled by domain/review-schedule.ts against the student's exam date. A card is
 * deleted when the item leaves the notebook. Everything here is the student's own study record: no one else's
 * card is ever read or answered (another user's item is a 404, as if it did not exist).
 */
import { and, asc, count, eq, gt, inArray, lte } from "drizzle-orm";
import { indianDay } from "../../domain/i18n.ts";
import { markFromPoints } from "../../domain/practice.ts";
import { addDays, answerDay, dueCards, newCard, type ReviewCard, reviewCard } from "../../domain/review-schedule.ts";
import { createCache } from "../cache/cache.server.ts";
import type { Db } from "../db/client.server.ts";
import { examDates, reviewCards, users } from "../db/schema.ts";
import { HttpError } from "../http/respond.server.ts";
import { findModelPaper, getModelPaperView } from "../model-papers/catalog.server.ts";
import type { QuestionView } from "../model-papers/html.server.ts";
import type { Services } from "../services.server.ts";

type DbServices = Pick<Services, "database">;

/** The year of the season's exam: the one on or after `today` (from April on, next year's). */
export function seasonYear(today: string): number {
  return Number(today.slice(0, 4)) + (today.slice(5) > "03-31" ? 1 : 0);
}

/**
 * Where the SSC exam starts when neither the student nor an admin said: the board's March exam has begun in the
 * last days of February or the first of March for years. A fallback only; the console sets each year's date.
 */
export function defaultExamDay(today: string): string {
  return `${seasonYear(today)}-02-20`;
}

/** The season's SSC date: the one an admin set for the year, else the fallback. */
export async function yearExamDay(services: DbServices, today: string): Promise<string> {
  const [set] = await services.database.db
    .select({ day: examDates.day })
    .from(examDates)
    .where(eq(examDates.year, seasonYear(today)))
    .limit(1);
  return set?.day ?? defaultExamDay(today);
}

/** The student's exam date: their own, else the year's. */
export async function examDayFor(services: DbServices, userId: string, today: string): Promise<string> {
  const [own] = await services.database.db
    .select({ day: users.examDay })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return own?.day ?? yearExamDay(services, today);
}

/** An item's key: `<paper id>:<item id>`, safe in a URL's path segment (no slash). */
export const itemKeyOf = (paperId: string, itemId: string) => `${paperId}:${itemId}`;

/** An item of the bank by its key: its paper, the item, and a one-item question to show it by; null if unknown. */
export function locateItem(key: string) {
  const colon = key.lastIndexOf(":");
  if (colon < 1 || key.length > 200) return null;
  const paperId = key.slice(0, colon);
  const itemId = key.slice(colon + 1);
  const paper = findModelPaper(paperId);
  const view = paper ? getModelPaperView(paperId) : undefined;
  if (!paper || !view) return null;
  for (const question of view.questions) {
    for (const section of question.sections) {
      const item = section.items.find((i) => i.id === itemId);
      if (!item) continue;
      const source = paper.questions
        .flatMap((q) => q.sections)
        .flatMap((s) => s.items)
        .find((i) => i.id === itemId);
      if (!source) return null;
      const shown: QuestionView = {
        number: question.number,
        marksToWrite: item.marks,
        marksPrinted: item.marks,
        sections: [
          {
            ...section,
            label: "",
            // "Answer any two" speaks of items a single review does not show.
            instructionHtml:
              section.attempt !== undefined && section.attempt < section.items.length ? "" : section.instructionHtml,
            attempt: undefined,
            marksToWrite: item.marks,
            marksPrinted: item.marks,
            items: [{ ...item, number: undefined }],
          },
        ],
      };
      return { paper, view, item: source, itemView: item, question: shown };
    }
  }
  return null;
}

function toCard(row: typeof reviewCards.$inferSelect): ReviewCard {
  return {
    itemId: row.itemKey,
    subject: row.subject,
    chapter: row.chapter,
    addedDay: row.addedDay,
    dueDay: row.dueDay,
    gapDays: row.gapDays,
    fullReviews: row.fullReviews,
    lastReviewDay: row.lastReviewDay,
  };
}

function cardColumns(card: ReviewCard) {
  return {
    dueDay: card.dueDay,
    gapDays: card.gapDays,
    fullReviews: card.fullReviews,
    lastReviewDay: card.lastReviewDay,
    updatedAt: new Date(),
  };
}

/** What one marked item says about the student: its key, the fraction of its marks, the points missed. */
export interface MarkedItem {
  paperId: string;
  itemId: string;
  subject: string;
  chapter: string;
  scored: number;
  max: number;
  missed: number[];
}

/**
 * A finished practice's marks, into the notebook: an item below full marks goes in (or, already there, counts as
 * a miss); an item already there answered in full counts as a full review of it. Items at full marks that are not
 * in the notebook are left alone. `db` may be the finishing transaction.
 */
export async function recordMarks(
  services: DbServices,
  userId: string,
  marked: readonly MarkedItem[],
  now = new Date(),
  db: Db = services.database.db,
): Promise<void> {
  if (marked.length === 0) return;
  const today = indianDay(now);
  // Through `db`: inside the finishing transaction, PGlite's one connection would wait for itself.
  const examDay = await examDayFor({ database: { ...services.database, db } }, userId, today);
  const keys = marked.map((m) => itemKeyOf(m.paperId, m.itemId));
  const existing = await db
    .select()
    .from(reviewCards)
    .where(and(eq(reviewCards.userId, userId), inArray(reviewCards.itemKey, keys)));
  const byKey = new Map(existing.map((row) => [row.itemKey, row]));
  for (const m of marked) {
    const key = itemKeyOf(m.paperId, m.itemId);
    const fraction = m.max > 0 ? m.scored / m.max : 1;
    const row = byKey.get(key);
    if (row) {
      await applyReview(db, userId, row, { fraction, day: today }, examDay, m.missed);
    } else if (fraction < 1) {
      const card = newCard({ itemId: key, subject: m.subject, chapter: m.chapter }, today, examDay);
      await db
        .insert(reviewCards)
        .values({
          userId,
          itemKey: key,
          subject: m.subject,
          chapter: m.chapter,
          addedDay: today,
          missed: m.missed,
          ...cardColumns(card),
        })
        .onConflictDoNothing();
    }
  }
  notebookChanged(services, userId, now);
}

async function applyReview(
  db: Db,
  userId: string,
  row: typeof reviewCards.$inferSelect,
  outcome: { fraction: number; day: string },
  examDay: string,
  missed: number[],
): Promise<ReviewCard | null> {
  const next = reviewCard(toCard(row), outcome, examDay);
  const where = and(eq(reviewCards.userId, userId), eq(reviewCards.itemKey, row.itemKey));
  if (next === null) {
    await db.delete(reviewCards).where(where);
  } else {
    await db
      .update(reviewCards)
      .set({ ...cardColumns(next), missed: outcome.fraction < 1 ? missed : row.missed })
      .where(where);
  }
  return next;
}

/** The student's flag: the item goes into the notebook (due tomorrow), whatever its marks were. */
export async function flagItem(services: DbServices, userId: string, key: string, now = new Date()) {
  const found = locateItem(key);
  if (!found) throw new HttpError(404, "No such question");
  const today = indianDay(now);
  const examDay = await examDayFor(services, userId, today);
  const subject = found.paper.subject;
  const chapter = found.item.chapter;
  const card = newCard({ itemId: key, subject, chapter }, today, examDay);
  await services.database.db
    .insert(reviewCards)
    .values({ userId, itemKey: key, subject, chapter, addedDay: today, flagged: true, ...cardColumns(card) })
    .onConflictDoUpdate({ target: [reviewCards.userId, reviewCards.itemKey], set: { flagged: true } });
  notebookChanged(services, userId, now);
}

/** The notebook's cards of one student (one subject, when given), oldest due first. */
async function cardsOf(services: DbServices, userId: string, subject?: string) {
  const where = subject
    ? and(eq(reviewCards.userId, userId), eq(reviewCards.subject, subject))
    : eq(reviewCards.userId, userId);
  return services.database.db
    .select()
    .from(reviewCards)
    .where(where)
    .orderBy(asc(reviewCards.dueDay), asc(reviewCards.itemKey))
    .limit(2000);
}

/** One notebook entry as the API and the pages show it. */
function entryOf(row: typeof reviewCards.$inferSelect) {
  const found = locateItem(row.itemKey);
  if (!found) return null;
  return {
    item: row.itemKey,
    subject: row.subject,
    chapter: row.chapter,
    chapter_name: found.itemView.chapterName,
    paper_title: found.view.title,
    language: found.view.language,
    marks: found.item.marks,
    question: found.question,
    missed_points: row.missed,
    flagged: row.flagged,
    due_day: row.dueDay,
    full_reviews: row.fullReviews,
  };
}
export type NotebookEntry = NonNullable<ReturnType<typeof entryOf>>;

/** "My mistakes": every card, with the model answer and the points missed (items no longer in the bank skipped). */
export async function listMistakes(services: DbServices, userId: string, subject?: string) {
  const rows = await cardsOf(services, userId, subject);
  return rows.flatMap((row) => entryOf(row) ?? []);
}

/** Today's review set: domain/review-schedule.ts's mix of the due cards. */
export async function dueReviews(services: DbServices, userId: string, now = new Date()) {
  const today = indianDay(now);
  const rows = await services.database.db
    .select()
    .from(reviewCards)
    .where(and(eq(reviewCards.userId, userId), lte(reviewCards.dueDay, today)))
    .limit(2000);
  const byKey = new Map(rows.map((row) => [row.itemKey, row]));
  return dueCards(rows.map(toCard), today).flatMap((card) => {
    const row = byKey.get(card.itemId);
    return row ? (entryOf(row) ?? []) : [];
  });
}

const dueByRequest = new WeakMap<object, Promise<number>>();

/** How long the header's count serves a student's pages before it is counted again (decision 032). */
const DUE_CACHE_MS = 10_000;

/**
 * Each student's count due today, kept a few seconds: every signed-in page shows it, and the page cache keys a
 * student's page on it (decision 032). A change to the student's notebook in this process forgets it at once
 * (`notebookChanged`); another instance's change shows within DUE_CACHE_MS.
 */
const dueCounts = createCache<object, number, () => Promise<number>>({
  name: "reviews due",
  madeFrom: [],
  max: 50_000,
  ttlMs: DUE_CACHE_MS,
  load: (_owner, _key, count) => count(),
});

/** After a change to a student's notebook on the day of `now`: their count is counted again. */
function notebookChanged(services: DbServices, userId: string, now: Date): void {
  // The days around it too: a request near midnight, or a test's clock, may count on the next or the last.
  for (const day of [-1, 0, 1]) dueCounts.delete(services.database, `${userId}|${addDays(indianDay(now), day)}`);
}

/**
 * The header's count for one request, counted once however many ask: the page cache keys a signed-in page on it
 * (decision 032) and the root loader shows it, and the two must agree. `request` is the Express request; `now` its
 * notebook day (server/http/clock.server.ts).
 */
export function dueForRequest(services: DbServices, userId: string, request: object, now: Date): Promise<number> {
  let due = dueByRequest.get(request);
  if (!due) {
    due = dueCounts.fetch(services.database, `${userId}|${indianDay(now)}`, () => dueCount(services, userId, now));
    dueByRequest.set(request, due);
  }
  return due;
}

/** How many reviews are due today: the header's count. One indexed count. */
export async function dueCount(services: DbServices, userId: string, now = new Date()): Promise<number> {
  const [row] = await services.database.db
    .select({ n: count() })
    .from(reviewCards)
    .where(and(eq(reviewCards.userId, userId), lte(reviewCards.dueDay, indianDay(now))));
  return Math.min(row?.n ?? 0, 20);
}

/**
 * A review's answer: the marking points ticked. The item is rescheduled, or leaves the notebook after its second
 * full answer on a different day. 404 for an item not in this student's notebook; 400 for points it does not have.
 */
export async function answerReview(
  services: DbServices,
  userId: string,
  key: string,
  points: readonly number[],
  now = new Date(),
  answeredAt?: Date,
): Promise<{ left: boolean; due_day: string | null; scored: number; marks: number }> {
  const { db } = services.database;
  const [row] = await db
    .select()
    .from(reviewCards)
    .where(and(eq(reviewCards.userId, userId), eq(reviewCards.itemKey, key)))
    .limit(1);
  const found = row ? locateItem(key) : null;
  if (!row || !found) throw new HttpError(404, "No such question in your mistakes");
  const bad = points.find((p) => !Number.isInteger(p) || p < 0 || p >= found.item.marking.length);
  if (bad !== undefined) {
    throw new HttpError(400, `This question has no marking point ${bad}`, {
      errors: { points: "Not a marking point" },
    });
  }
  const today = indianDay(now);
  // An answer kept on a phone offline counts on the day it was given (domain/review-schedule.ts's answerDay).
  const day = answerDay(today, answeredAt ? indianDay(answeredAt) : undefined);
  const examDay = await examDayFor(services, userId, today);
  const scored = markFromPoints({ max: found.item.marks, points: found.item.marking.map((p) => p.marks) }, points);
  const missed = found.item.marking.flatMap((_, i) => (points.includes(i) ? [] : [i]));
  const next = await applyReview(db, userId, row, { fraction: scored / found.item.marks, day }, examDay, missed);
  notebookChanged(services, userId, now);
  return { left: next === null, due_day: next?.dueDay ?? null, scored, marks: found.item.marks };
}

/** A day the student may choose as their exam: a real "YYYY-MM-DD" from today to two years on. */
export function examDayProblem(day: string, today: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return "examDayInvalid";
  const parsed = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== day) return "examDayInvalid";
  if (day < today || day > addDays(today, 730)) return "examDayRange";
  return null;
}

/**
 * The student's own exam date, or null to follow the year's. Cards due on or after a nearer exam come back the
 * day before it, so that every mistake is reviewed before the exam (decision 030).
 */
export async function setExamDay(services: DbServices, userId: string, day: string | null, now = new Date()) {
  const { db } = services.database;
  await db.transaction(async (tx) => {
    await tx.update(users).set({ examDay: day }).where(eq(users.id, userId));
    const today = indianDay(now);
    const examDay = day ?? (await examDayFor({ database: { ...services.database, db: tx } }, userId, today));
    const eve = addDays(examDay, -1);
    // The later of two "YYYY-MM-DD" days (strings: Math.max would not compare them).
    const lastDay = [eve, today].sort()[1] as string;
    await tx
      .update(reviewCards)
      .set({ dueDay: lastDay })
      .where(and(eq(reviewCards.userId, userId), gt(reviewCards.dueDay, lastDay)));
  });
  notebookChanged(services, userId, now);
}
