/**
 * "My mistakes" (issue 27, decision 030): every item a student marked below full marks, or flagged, comes back
 * for review at gaps that fit before their exam, until they answer it in full on two different days.
 *
 * Pure and isomorphic: nothing here reads the clock. Days are India calendar days, "YYYY-MM-DD", passed in by the
 * caller (`indianDay` in i18n.ts turns a moment into one), so the server, the browser and the tests schedule alike.
 */

/** A missed item comes back the next day: relearn it while the correction is fresh, then space it out. */
export const FIRST_GAP_DAYS = 1;
/**
 * After a full-marks answer the next gap is this fraction of the days left to the exam (and at least a day longer
 * than the last gap). Cepeda et al. 2008's ridgeline: the best gap is 20–40% of a week's retention interval and
 * 5–10% of a year's; 15% of the days left is 15/85 ≈ 18% of what remains after the review, the middle of the
 * 10–20% band for the weeks-to-months of an SSC season, and a gap too long costs less than one too short (2009).
 */
export const RIDGE_FRACTION = 0.15;
/** Full-marks answers on different days (since the last miss) after which an item leaves the notebook. */
export const FULL_REVIEWS_TO_LEAVE = 2;
/** The day's set: a short one, about 20–30 minutes of mostly short items, so that it is done every day. */
export const DAILY_REVIEW_LIMIT = 20;

/** One item in a student's notebook of mistakes. One card per item. */
export interface ReviewCard {
  readonly itemId: string;
  readonly subject: string;
  readonly chapter: string;
  /** The day the mistake was recorded; it counts as the card's first (missed) review day. */
  readonly addedDay: string;
  /** The day it is next due; on or before the day before the exam while there is such a day ahead. */
  readonly dueDay: string;
  /**
   * The gap the schedule wants, in days (≥ 1). The wait is this gap cut short at the day before the exam, so the
   * gap keeps what the student earned even when the exam is near (and when the exam date moves).
   */
  readonly gapDays: number;
  /** Full-marks reviews on different days since the last miss. */
  readonly fullReviews: number;
  /** The day of the last review; null until the first. */
  readonly lastReviewDay: string | null;
}

export type ReviewItem = Pick<ReviewCard, "itemId" | "subject" | "chapter">;

export interface ReviewOutcome {
  /** Marks scored / the item's marks, 0..1. Only 1 is full marks; anything else (NaN too) is a miss. */
  readonly fraction: number;
  /** The India day of the review. */
  readonly day: string;
}

const DAY_MS = 86_400_000;
const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** Days since 1970-01-01 of a calendar day; a RangeError for anything that is not a real "YYYY-MM-DD" day. */
function dayNumber(day: string): number {
  const ms = DAY_PATTERN.test(day) ? Date.parse(`${day}T00:00:00Z`) : Number.NaN;
  // The round trip rejects days that do not exist ("2027-02-30"), which Date.parse may roll over.
  if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== day) {
    throw new RangeError(`Not a calendar day (YYYY-MM-DD): ${day}`);
  }
  return ms / DAY_MS;
}

/** The day `days` days after `day` (before, when negative). */
export function addDays(day: string, days: number): string {
  if (!Number.isInteger(days)) throw new RangeError(`Not a whole number of days: ${days}`);
  return new Date((dayNumber(day) + days) * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to`: 1 from a day to the next, negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from);
}

/** How many days late an answer kept on a phone offline may still count on the day it was given. */
export const LATE_ANSWER_DAYS = 7;

/**
 * The day a review answer counts on: the day the phone says it was given (an answer kept offline and sent later),
 * but never after today nor more than LATE_ANSWER_DAYS before it, since a phone's clock can be wrong. Without a
 * claim, today.
 */
export function answerDay(today: string, claimed?: string): string {
  if (claimed === undefined || claimed > today) return today;
  const earliest = addDays(today, -LATE_ANSWER_DAYS);
  return claimed < earliest ? earliest : claimed;
}

/**
 * The due day `wait` days after `on`, fitted before the exam: never later than the day before the exam while that
 * day is still ahead, so every item gets its last look before the paper. With the exam tomorrow, today or past
 * there is nothing to fit before, and the item simply comes back tomorrow (the board's papers go on for weeks).
 */
function dueAfter(on: string, wait: number, examDay: string): string {
  const left = daysBetween(on, examDay);
  return addDays(on, left >= 2 ? Math.min(Math.max(1, wait), left - 1) : 1);
}

/** A mistake recorded on `day`: due the next day, or the same day when the exam is today or past. */
export function newCard(item: ReviewItem, day: string, examDay: string): ReviewCard {
  // Same day only when tomorrow is too late to help; otherwise a review minutes after the mistake is massed.
  const dueDay = daysBetween(day, examDay) >= 1 ? addDays(day, 1) : day;
  return {
    itemId: item.itemId,
    subject: item.subject,
    chapter: item.chapter,
    addedDay: day,
    dueDay,
    gapDays: FIRST_GAP_DAYS,
    fullReviews: 0,
    lastReviewDay: null,
  };
}

/**
 * The card after a review: rescheduled, or null when it leaves the notebook (its second full-marks answer on a
 * different day since the last miss).
 *
 * - A miss (any point lost) sends it back to a 1-day gap and starts the count again.
 * - A full answer on a new day counts: the gap grows to the ridgeline's share of the days left, at least a day
 *   longer than before, so it never shrinks; the due day is then fitted before the exam.
 * - A full answer on the same day as the last review or the mistake does not count: minutes after seeing the
 *   answer it shows no retention (and weak students mark themselves up, Sadler & Good 2006). It changes nothing
 *   but moves the card off today.
 * - A review dated before the card's last one (a device syncing late) counts as on that last day, so the days
 *   of a card never go back and a late copy of an old answer never counts as a new day.
 */
export function reviewCard(card: ReviewCard, outcome: ReviewOutcome, examDay: string): ReviewCard | null {
  const lastDay = card.lastReviewDay ?? card.addedDay;
  const on = daysBetween(lastDay, outcome.day) > 0 ? outcome.day : lastDay;
  if (!(outcome.fraction >= 1)) {
    return {
      ...card,
      gapDays: FIRST_GAP_DAYS,
      fullReviews: 0,
      lastReviewDay: on,
      dueDay: dueAfter(on, FIRST_GAP_DAYS, examDay),
    };
  }
  if (on === lastDay) {
    return { ...card, lastReviewDay: on, dueDay: dueAfter(on, daysBetween(on, card.dueDay), examDay) };
  }
  if (card.fullReviews + 1 >= FULL_REVIEWS_TO_LEAVE) return null;
  const gapDays = Math.max(card.gapDays + 1, Math.round(RIDGE_FRACTION * daysBetween(on, examDay)));
  return {
    ...card,
    gapDays,
    fullReviews: card.fullReviews + 1,
    lastReviewDay: on,
    dueDay: dueAfter(on, gapDays, examDay),
  };
}

/** Code-unit order, the same on every device and locale (localeCompare is not). */
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Items in groups by key, groups in the order of their first item. */
function groupsOf<T>(items: readonly T[], key: (item: T) => string): T[][] {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group) group.push(item);
    else groups.set(key(item), [item]);
  }
  return [...groups.values()];
}

/**
 * One from each list in turn, in a fixed order of the lists: two neighbours come from the same list only when the
 * other lists have run out.
 */
function roundRobin<T>(lists: readonly (readonly T[])[]): T[] {
  const out: T[] = [];
  const longest = Math.max(0, ...lists.map((list) => list.length));
  for (let round = 0; round < longest; round++) {
    for (const list of lists) {
      const item = list[round];
      if (item !== undefined) out.push(item);
    }
  }
  return out;
}

/**
 * The day's review set: of the cards due on or before `today`, the `limit` most overdue (ties by item id), mixed
 * across subjects and, within a subject, across chapters (Rohrer et al. 2015): subjects take turns, and so do a
 * subject's chapters, each in the order of its most overdue card. Two items of one chapter (or one subject) are
 * next to each other only when nothing else is left. The same cards in any order give the same set in the same
 * order.
 */
export function dueCards(cards: readonly ReviewCard[], today: string, limit = DAILY_REVIEW_LIMIT): ReviewCard[] {
  dayNumber(today);
  const due = cards
    .filter((card) => card.dueDay <= today)
    .sort((a, b) => compare(a.dueDay, b.dueDay) || compare(a.itemId, b.itemId))
    .slice(0, Math.max(0, limit));
  const subjects = groupsOf(due, (card) => card.subject).map((subject) =>
    roundRobin(groupsOf(subject, (card) => card.chapter)),
  );
  return roundRobin(subjects);
}
