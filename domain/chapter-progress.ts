/**
 * Progress by chapter (issue 27 §4): for each chapter of a subject, how much of the question bank the student has
 * met, their recent accuracy, what is due for review, and whether the chapter has been left alone too long.
 * Only the student's own records go in; nothing is compared with anyone else. Pure: the server gathers the rows.
 */
import { daysBetween } from "./review-schedule.ts";

/** Accuracy counts the marks of the last 30 days: what the student knows now, not in October. */
export const RECENT_DAYS = 30;
/** A chapter practised before but not for two weeks is shown as left alone, with a way back to it. */
export const STALE_DAYS = 14;

/** One marked item of a finished practice. */
export interface ChapterMark {
  chapter: string;
  itemKey: string;
  scored: number;
  max: number;
  /** The practice's finishing day (YYYY-MM-DD, India). */
  day: string;
}

/** One card of the mistake notebook. */
export interface ChapterCard {
  chapter: string;
  dueDay: string;
  lastReviewDay: string | null;
  addedDay: string;
}

export interface ChapterProgress {
  chapter: string;
  /** Items of the bank for this chapter, in the student's medium. */
  bankItems: number;
  /** Distinct items of the chapter the student has marked, at most `bankItems` when the bank has any. */
  met: number;
  /** Percentage of marks over the last RECENT_DAYS, or null with nothing marked then. */
  accuracy: number | null;
  /** Notebook cards due today or earlier. */
  due: number;
  /** The last day the chapter was practised or reviewed. */
  lastDay: string | null;
  /** Days since `lastDay`, when there is one. */
  daysSince: number | null;
  /** Practised once, but not for STALE_DAYS or more. */
  stale: boolean;
}

export function chapterProgress(
  chapters: readonly { id: string; items: number }[],
  marks: readonly ChapterMark[],
  cards: readonly ChapterCard[],
  today: string,
): ChapterProgress[] {
  return chapters.flatMap(({ id, items }) => {
    const own = marks.filter((m) => m.chapter === id);
    const ownCards = cards.filter((c) => c.chapter === id);
    if (items === 0 && own.length === 0 && ownCards.length === 0) return [];
    const metKeys = new Set(own.map((m) => m.itemKey)).size;
    const recent = own.filter((m) => daysBetween(m.day, today) < RECENT_DAYS);
    const max = recent.reduce((sum, m) => sum + m.max, 0);
    const scored = recent.reduce((sum, m) => sum + m.scored, 0);
    const days = [...own.map((m) => m.day), ...ownCards.flatMap((c) => c.lastReviewDay ?? [])].sort();
    const lastDay = days.at(-1) ?? null;
    const daysSince = lastDay === null ? null : daysBetween(lastDay, today);
    return [
      {
        chapter: id,
        bankItems: items,
        met: items > 0 ? Math.min(metKeys, items) : metKeys,
        accuracy: max > 0 ? Math.round((scored / max) * 1000) / 10 : null,
        due: ownCards.filter((c) => c.dueDay <= today).length,
        lastDay,
        daysSince,
        stale: daysSince !== null && daysSince >= STALE_DAYS,
      },
    ];
  });
}
