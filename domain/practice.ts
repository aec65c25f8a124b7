/**
 * Timed practice on a model paper: the time allowed, which items a student marks and in what steps,
 * and the score with the board's choice rules ("attempt any 2 of 3": only the best 2 count).
 * Pure and isomorphic: the API, the loaders and the checking screen all score with these functions.
 */
import type { BlueprintSection, ModelPaper, SubjectSyllabus } from "./model-papers.ts";

/** Since 2023 every board paper ends 10 minutes after its printed end time (board-patterns.md). */
export const BOARD_EXTRA_MINUTES = 10;
/** An attempt not finished within this time after Start ends on its own as "not finished". */
export const ATTEMPT_LIFETIME_MS = 24 * 60 * 60 * 1000;
/** The warning shows when this much writing time is left. */
export const WARNING_LEFT_MS = 10 * 60 * 1000;

export type ItemStatus = "attempted" | "skipped";
export const ITEM_STATUSES: readonly ItemStatus[] = ["attempted", "skipped"];

/**
 * `writing` until time is up or the student finishes; `checking` while they mark themself;
 * `finished` once they ask for the result; `not_finished` when 24 hours passed before that.
 */
export type AttemptState = "writing" | "checking" | "finished" | "not_finished";

export function allowedMinutes(paper: Pick<ModelPaper, "durationMinutes">): number {
  return paper.durationMinutes + BOARD_EXTRA_MINUTES;
}

/** One item a student gives themself marks for. */
export interface MarkableItem {
  id: string;
  question: string;
  /** The section's label ("A", "B"; "" for a question without parts). */
  section: string;
  max: number;
  /** 0.5 where the board awards half marks in the section, else 1. */
  step: number;
  chapter: string;
  /** The marks of each of the item's marking points, in order: the student ticks points, the mark is their sum. */
  points: number[];
}

/** A section's items and how many of them count. */
export interface MarkableSection {
  question: string;
  label: string;
  /** Items that count: the best `attempt` (all of them when there is no choice). */
  attempt: number;
  items: MarkableItem[];
}

function blueprintSection(syllabus: SubjectSyllabus, question: string, label: string): BlueprintSection | undefined {
  return syllabus.blueprint.questions.find((q) => q.number === question)?.sections.find((s) => s.label === label);
}

/** The paper's sections as the checking screen and the score see them, in the paper's order. */
export function markableSections(paper: ModelPaper, syllabus: SubjectSyllabus): MarkableSection[] {
  return paper.questions.flatMap((question) =>
    question.sections.map((section) => {
      const step = blueprintSection(syllabus, question.number, section.label)?.halfMarks ? 0.5 : 1;
      return {
        question: question.number,
        label: section.label,
        attempt: Math.min(section.attempt ?? section.items.length, section.items.length),
        items: section.items.map((item) => ({
          id: item.id,
          question: question.number,
          section: section.label,
          max: item.marks,
          step,
          chapter: item.chapter,
          points: item.marking.map((point) => point.marks),
        })),
      };
    }),
  );
}

export type Marks = Record<string, number>;

/**
 * Problems with marks a student gave, by item id: an unknown item, a value that is not a number
 * from 0 to the item's maximum, or not in the item's steps (halves only where the board allows them).
 */
export function checkMarks(sections: MarkableSection[], marks: Record<string, unknown>): Record<string, string> {
  const items = new Map(sections.flatMap((s) => s.items).map((item) => [item.id, item]));
  const errors: Record<string, string> = {};
  for (const [id, value] of Object.entries(marks)) {
    const item = items.get(id);
    if (!item) {
      errors[id] = "There is no such question in this paper";
    } else if (typeof value !== "number" || !Number.isFinite(value) || value < 0 || value > item.max) {
      errors[id] = `Marks must be from 0 to ${item.max}`;
    } else if (Math.round(value / item.step) * item.step !== value) {
      errors[id] = item.step === 1 ? "Marks must be whole numbers here" : "Marks go in steps of half a mark";
    }
  }
  return errors;
}

/** The ticked indices once each, in order: what is stored. */
export function tickedPoints(ticked: readonly number[]): number[] {
  return [...new Set(ticked)].sort((a, b) => a - b);
}

/**
 * An item's mark from the marking points ticked: the sum of their marks (half-mark points included), each point
 * once, never below 0 nor above the item's maximum. Indices that are not the item's points add nothing.
 */
export function markFromPoints(item: Pick<MarkableItem, "max" | "points">, ticked: readonly number[]): number {
  let sum = 0;
  for (const index of new Set(ticked)) sum += item.points[index] ?? 0;
  return Math.min(item.max, Math.max(0, sum));
}

/**
 * Problems with ticked points, by item id: an unknown item, a value that is not a list, or an index that is
 * not a whole number naming one of the item's marking points. Null (clearing an item) is fine for a known item.
 */
export function checkPoints(sections: MarkableSection[], points: Record<string, unknown>): Record<string, string> {
  const items = new Map(sections.flatMap((s) => s.items).map((item) => [item.id, item]));
  const errors: Record<string, string> = {};
  for (const [id, value] of Object.entries(points)) {
    const item = items.get(id);
    if (!item) {
      errors[id] = "There is no such question in this paper";
    } else if (value !== null && !Array.isArray(value)) {
      errors[id] = "Points must be a list of marking point numbers";
    } else if (value?.some((i) => !Number.isInteger(i) || i < 0 || i >= item.points.length)) {
      errors[id] =
        item.points.length === 1
          ? "This question has one marking point: 0"
          : `Marking points of this question are numbered 0 to ${item.points.length - 1}`;
    }
  }
  return errors;
}

export interface ScorePart {
  scored: number;
  max: number;
}

export interface ChapterScore extends ScorePart {
  chapter: string;
}

export interface AttemptScore extends ScorePart {
  /** Rounded to one decimal. */
  percentage: number;
  /** Items whose marks count; the others are the choices a best-of rule left out. */
  counted: string[];
  byQuestion: (ScorePart & { question: string })[];
  byChapter: ChapterScore[];
}

const round1 = (value: number) => Math.round(value * 10) / 10;

export function percentageOf(scored: number, max: number): number {
  return max > 0 ? round1((scored / max) * 100) : 0;
}

/**
 * The score: in each section the best `attempt` items count (an item not marked counts 0); the maximum
 * of a section is the sum of its `attempt` largest item maxima, so the paper's maximum is its total marks.
 * A chapter's score adds the counted items of that chapter.
 */
export function scoreAttempt(sections: MarkableSection[], marks: Marks): AttemptScore {
  const counted: string[] = [];
  const questions = new Map<string, ScorePart>();
  const chapters = new Map<string, ScorePart>();
  for (const section of sections) {
    // Best first; on equal marks the earlier item, so the choice is the same on every device.
    const ranked = section.items
      .map((item, index) => ({ item, index, got: marks[item.id] ?? 0 }))
      .sort((a, b) => b.got - a.got || a.index - b.index)
      .slice(0, section.attempt);
    const max = [...section.items]
      .map((item) => item.max)
      .sort((a, b) => b - a)
      .slice(0, section.attempt)
      .reduce((a, b) => a + b, 0);
    const question = questions.get(section.question) ?? { scored: 0, max: 0 };
    question.max += max;
    for (const { item, got } of ranked) {
      counted.push(item.id);
      question.scored += got;
      const chapter = chapters.get(item.chapter) ?? { scored: 0, max: 0 };
      chapter.scored += got;
      chapter.max += item.max;
      chapters.set(item.chapter, chapter);
    }
    questions.set(section.question, question);
  }
  const byQuestion = [...questions].map(([question, part]) => ({ question, ...part }));
  const scored = byQuestion.reduce((a, q) => a + q.scored, 0);
  const max = byQuestion.reduce((a, q) => a + q.max, 0);
  return {
    scored,
    max,
    percentage: percentageOf(scored, max),
    counted,
    byQuestion,
    byChapter: [...chapters].map(([chapter, part]) => ({ chapter, ...part })),
  };
}

/**
 * The weakest chapters: lowest share of marks first, then the most marks lost; only chapters where
 * marks were lost. Chapters from several attempts are added up first.
 */
export function weakestChapters(chapters: ChapterScore[], count = 3): ChapterScore[] {
  const totals = new Map<string, ScorePart>();
  for (const { chapter, scored, max } of chapters) {
    const total = totals.get(chapter) ?? { scored: 0, max: 0 };
    total.scored += scored;
    total.max += max;
    totals.set(chapter, total);
  }
  return [...totals]
    .map(([chapter, part]) => ({ chapter, ...part }))
    .filter((c) => c.max > 0 && c.scored < c.max)
    .sort((a, b) => a.scored / a.max - b.scored / b.max || b.max - b.scored - (a.max - a.scored))
    .slice(0, count);
}

/** Where an attempt stands at `now`, from the times the server keeps. */
export function attemptStateAt(
  attempt: { startedAt: Date; deadlineAt: Date; writingEndedAt: Date | null; finishedAt: Date | null; ended: boolean },
  now: Date,
): AttemptState {
  if (attempt.finishedAt) return "finished";
  if (attempt.ended || now.getTime() - attempt.startedAt.getTime() >= ATTEMPT_LIFETIME_MS) return "not_finished";
  if (attempt.writingEndedAt || now.getTime() >= attempt.deadlineAt.getTime()) return "checking";
  return "writing";
}

/** "1:05:09" or "4:07": a countdown as a clock shows it. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const two = (n: number) => String(n).padStart(2, "0");
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}
