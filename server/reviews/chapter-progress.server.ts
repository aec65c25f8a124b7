/**
 * Progress by chapter for one student (issue 27 §4): domain/chapter-progress.ts over their finished practice's
 * marks and their notebook's cards, against the question bank of the medium they practise in, with the chapter's
 * name in that medium and a link to practise it.
 */
import { eq } from "drizzle-orm";
import type { Medium } from "../../domain/catalog.ts";
import { type ChapterCard, type ChapterMark, chapterProgress } from "../../domain/chapter-progress.ts";
import type { ModelPaper } from "../../domain/model-papers.ts";
import { type SubjectKey, subjectByKey, subjectPath } from "../../domain/subjects.ts";
import { SYLLABUSES } from "../../domain/syllabus/index.ts";
import { reviewCards } from "../db/schema.ts";
import { questionBankSummary } from "../model-papers/question-bank.server.ts";
import type { Services } from "../services.server.ts";

/** One chapter's row, as the API and /progress show it. */
export interface ChapterProgressView {
  chapter: string;
  /** In the language of the student's papers. */
  name: string;
  bank_items: number;
  met: number;
  /** Percentage of marks in the last 30 days, or null. */
  accuracy: number | null;
  due: number;
  last_day: string | null;
  days_since: number | null;
  stale: boolean;
  /** Chapter practice of this chapter, in the medium practised (an English path: the page adds the language). */
  practice_url: string;
}

/** The student's notebook cards, for every subject at once: one query per page. */
export async function notebookCards(
  services: Pick<Services, "database">,
  userId: string,
): Promise<(ChapterCard & { subject: string })[]> {
  return services.database.db
    .select({
      subject: reviewCards.subject,
      chapter: reviewCards.chapter,
      dueDay: reviewCards.dueDay,
      lastReviewDay: reviewCards.lastReviewDay,
      addedDay: reviewCards.addedDay,
    })
    .from(reviewCards)
    .where(eq(reviewCards.userId, userId))
    .limit(5000);
}

/**
 * A subject's chapters. `paper` is the student's latest practised paper of the subject: its medium chooses the
 * bank, its language the chapters' names.
 */
export async function subjectChapters(
  services: Pick<Services, "database">,
  subject: SubjectKey,
  paper: Pick<ModelPaper, "mediums" | "language"> | undefined,
  marks: readonly ChapterMark[],
  cards: readonly (ChapterCard & { subject: string })[],
  today: string,
): Promise<ChapterProgressView[]> {
  const syllabus = SYLLABUSES[subject];
  const medium: Medium = paper?.mediums[0] ?? "english";
  const bank = await questionBankSummary(services, subject, medium);
  const bankItems = new Map(bank.chapters.map((c) => [c.id, c.items]));
  const rows = chapterProgress(
    syllabus.chapters.map((c) => ({ id: c.id, items: bankItems.get(c.id) ?? 0 })),
    marks,
    cards.filter((card) => card.subject === subject),
    today,
  );
  const language = paper?.language ?? syllabus.language;
  const names = new Map(syllabus.chapters.map((c) => [c.id, language === "mr" ? (c.nameMr ?? c.name) : c.name]));
  const base = `${subjectPath(subjectByKey(subject))}/chapter-practice`;
  return rows.map((row) => ({
    chapter: row.chapter,
    name: names.get(row.chapter) ?? row.chapter,
    bank_items: row.bankItems,
    met: row.met,
    accuracy: row.accuracy,
    due: row.due,
    last_day: row.lastDay,
    days_since: row.daysSince,
    stale: row.stale,
    practice_url: `${base}?chapter=${encodeURIComponent(row.chapter)}&medium=${medium}`,
  }));
}
