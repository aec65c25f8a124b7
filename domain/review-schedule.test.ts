import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addDays,
  answerDay,
  DAILY_REVIEW_LIMIT,
  daysBetween,
  dueCards,
  LATE_ANSWER_DAYS,
  newCard,
  type ReviewCard,
  type ReviewOutcome,
  reviewCard,
} from "./review-schedule.ts";

const item = { itemId: "math-1-model-1/q1a-i", subject: "math_1", chapter: "linear-equations" };
const SETTINGS = { seed: 20261128, numRuns: 500 };

describe("day helpers", () => {
  it("count calendar days across months, years and leap days", () => {
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2027-03-01", -1)).toBe("2027-02-28");
    expect(daysBetween("2026-12-02", "2027-03-01")).toBe(89);
    expect(daysBetween("2027-03-01", "2026-12-02")).toBe(-89);
  });

  it("refuse what is not a real day", () => {
    for (const bad of ["2027-02-30", "2027-2-3", "2027-02-03T00:00", "", "tomorrow"]) {
      expect(() => daysBetween(bad, "2027-03-01")).toThrow(RangeError);
    }
    expect(() => addDays("2027-02-03", 0.5)).toThrow(RangeError);
    expect(() => dueCards([], "03-02-2027")).toThrow(RangeError);
  });
});

describe("answerDay", () => {
  it("counts an answer kept offline on the day it was given, within a week, and never in the future", () => {
    expect(answerDay("2027-01-10")).toBe("2027-01-10");
    expect(answerDay("2027-01-10", "2027-01-08")).toBe("2027-01-08");
    expect(answerDay("2027-01-10", "2027-01-12")).toBe("2027-01-10");
    expect(answerDay("2027-01-10", "2026-12-01")).toBe(addDays("2027-01-10", -LATE_ANSWER_DAYS));
    expect(answerDay("2027-01-10", addDays("2027-01-10", -LATE_ANSWER_DAYS))).toBe("2027-01-03");
  });
});

describe("newCard", () => {
  it("is due the next day, with a one-day gap", () => {
    expect(newCard(item, "2026-12-01", "2027-03-01")).toEqual({
      ...item,
      addedDay: "2026-12-01",
      dueDay: "2026-12-02",
      gapDays: 1,
      fullReviews: 0,
      lastReviewDay: null,
    });
    // The exam tomorrow: the morning of the paper is still a chance.
    expect(newCard(item, "2027-02-28", "2027-03-01").dueDay).toBe("2027-03-01");
  });

  it("is due the same day when the exam is today or past", () => {
    expect(newCard(item, "2027-03-01", "2027-03-01").dueDay).toBe("2027-03-01");
    expect(newCard(item, "2027-03-10", "2027-03-01").dueDay).toBe("2027-03-10");
  });
});

describe("reviewCard", () => {
  const exam = "2027-03-01";

  it("in December: the next day, then the ridgeline's gap, then out after the second full answer", () => {
    const card = newCard(item, "2026-12-01", exam);
    const first = reviewCard(card, { fraction: 1, day: "2026-12-02" }, exam);
    // 89 days left: round(0.15 × 89) = 13.
    expect(first).toMatchObject({ gapDays: 13, fullReviews: 1, lastReviewDay: "2026-12-02", dueDay: "2026-12-15" });
    expect(first && reviewCard(first, { fraction: 1, day: "2026-12-15" }, exam)).toBeNull();
  });

  it("a missed point sends it back to the next day and starts the count again", () => {
    const card = newCard(item, "2026-12-01", exam);
    const first = reviewCard(card, { fraction: 1, day: "2026-12-02" }, exam) as ReviewCard;
    const missed = reviewCard(first, { fraction: 0.5, day: "2026-12-15" }, exam);
    expect(missed).toMatchObject({ gapDays: 1, fullReviews: 0, lastReviewDay: "2026-12-15", dueDay: "2026-12-16" });
    const again = reviewCard(missed as ReviewCard, { fraction: 1, day: "2026-12-16" }, exam);
    // 75 days left: round(11.25) = 11.
    expect(again).toMatchObject({ gapDays: 11, fullReviews: 1, dueDay: "2026-12-27" });
  });

  it("close to the exam the gaps are short and the last one ends the day before the paper", () => {
    const card = newCard(item, "2027-02-24", exam);
    const first = reviewCard(card, { fraction: 1, day: "2027-02-25" }, exam) as ReviewCard;
    expect(first).toMatchObject({ gapDays: 2, dueDay: "2027-02-27" });
    const missed = reviewCard(first, { fraction: 0, day: "2027-02-27" }, exam) as ReviewCard;
    expect(missed.dueDay).toBe("2027-02-28");
    // A gap earned earlier is kept, but the wait is cut to the day before the exam.
    const long = { ...card, gapDays: 30, dueDay: "2027-02-25" };
    expect(reviewCard(long, { fraction: 1, day: "2027-02-25" }, exam)).toMatchObject({
      gapDays: 31,
      dueDay: "2027-02-28",
    });
  });

  it("after the exam's start it comes back the next day", () => {
    const card = newCard(item, "2027-03-03", exam);
    expect(reviewCard(card, { fraction: 1, day: "2027-03-04" }, exam)?.dueDay).toBe("2027-03-05");
    expect(reviewCard(card, { fraction: 0, day: "2027-03-04" }, exam)?.dueDay).toBe("2027-03-05");
  });

  it("a full answer on the day of the mistake or of the last review does not count", () => {
    const card = newCard(item, "2026-12-01", exam);
    const sameDay = reviewCard(card, { fraction: 1, day: "2026-12-01" }, exam);
    expect(sameDay).toEqual({ ...card, lastReviewDay: "2026-12-01" });
    const first = reviewCard(card, { fraction: 1, day: "2026-12-02" }, exam) as ReviewCard;
    const repeat = reviewCard(first, { fraction: 1, day: "2026-12-02" }, exam);
    expect(repeat).toEqual(first);
    // A miss after the mistake, then full marks that day: still not counted.
    const missed = reviewCard(first, { fraction: 0, day: "2026-12-03" }, exam) as ReviewCard;
    expect(reviewCard(missed, { fraction: 1, day: "2026-12-03" }, exam)).toMatchObject({ fullReviews: 0 });
  });

  it("a review dated before the last one counts on the last one's day", () => {
    const card = newCard(item, "2026-12-01", exam);
    const first = reviewCard(card, { fraction: 1, day: "2026-12-05" }, exam) as ReviewCard;
    expect(reviewCard(first, { fraction: 1, day: "2026-12-03" }, exam)).toEqual(first);
    expect(reviewCard(first, { fraction: 0, day: "2026-12-03" }, exam)).toMatchObject({
      lastReviewDay: "2026-12-05",
      dueDay: "2026-12-06",
    });
  });

  it("treats anything but full marks as a miss, NaN included", () => {
    const card = newCard(item, "2026-12-01", exam);
    for (const fraction of [0.999, Number.NaN, 0]) {
      expect(reviewCard(card, { fraction, day: "2026-12-02" }, exam)).toMatchObject({ fullReviews: 0, gapDays: 1 });
    }
  });
});

describe("dueCards", () => {
  const card = (itemId: string, subject: string, chapter: string, dueDay: string): ReviewCard => ({
    itemId,
    subject,
    chapter,
    addedDay: "2026-11-30",
    dueDay,
    gapDays: 1,
    fullReviews: 0,
    lastReviewDay: null,
  });
  const cards = [
    card("m-a-2", "math_1", "a", "2026-12-02"),
    card("s-c-1", "science_1", "c", "2026-12-04"),
    card("m-a-1", "math_1", "a", "2026-12-01"),
    card("h-d-1", "history", "d", "2026-12-11"),
    card("m-b-1", "math_1", "b", "2026-12-05"),
    card("m-a-3", "math_1", "a", "2026-12-03"),
  ];
  const ids = (list: ReviewCard[]) => list.map((c) => c.itemId);

  it("takes the due cards, subjects and chapters in turn, the most overdue first", () => {
    expect(ids(dueCards(cards, "2026-12-10"))).toEqual(["m-a-1", "s-c-1", "m-b-1", "m-a-2", "m-a-3"]);
    expect(ids(dueCards(cards, "2026-12-11"))).toEqual(["m-a-1", "s-c-1", "h-d-1", "m-b-1", "m-a-2", "m-a-3"]);
  });

  it("keeps the most overdue when there are more than the limit", () => {
    expect(ids(dueCards(cards, "2026-12-10", 3))).toEqual(["m-a-1", "m-a-2", "m-a-3"]);
    expect(ids(dueCards(cards, "2026-12-10", 0))).toEqual([]);
    const many = Array.from({ length: 30 }, (_, i) =>
      card(`q${String(i).padStart(2, "0")}`, "math_1", "a", "2026-12-01"),
    );
    expect(dueCards(many, "2026-12-01")).toHaveLength(DAILY_REVIEW_LIMIT);
  });
});

// Properties. Days are offsets from one base day; the exam may fall before, on or after any review.
const BASE = "2026-11-01";
const fractionArb = fc.oneof(
  fc.constant(1),
  fc.constant(0),
  fc.constantFrom(0.25, 0.5, 0.75),
  fc.double({ min: 0, max: 1, noNaN: true }),
);
const historyArb = fc.record({
  start: fc.integer({ min: 0, max: 150 }),
  exam: fc.integer({ min: 0, max: 200 }),
  steps: fc.array(
    fc.record({ advance: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 40 })), fraction: fractionArb }),
    { maxLength: 12 },
  ),
});
type History = typeof historyArb extends fc.Arbitrary<infer T> ? T : never;

interface Step {
  before: ReviewCard;
  outcome: ReviewOutcome;
  after: ReviewCard | null;
}

/** Plays a history from its mistake; the exam day and every review step, until the card leaves. */
function play(history: History): { examDay: string; first: ReviewCard; steps: Step[] } {
  const examDay = addDays(BASE, history.exam);
  let day = addDays(BASE, history.start);
  const first = newCard(item, day, examDay);
  const steps: Step[] = [];
  let card: ReviewCard | null = first;
  for (const { advance, fraction } of history.steps) {
    if (!card) break;
    day = addDays(day, advance);
    const outcome = { fraction, day };
    const after = reviewCard(card, outcome, examDay);
    steps.push({ before: card, outcome, after });
    card = after;
  }
  return { examDay, first, steps };
}

/** A card in any state a notebook might hold, and a review from 5 days before its last day to 40 after. */
const cardAndOutcomeArb = fc
  .record({
    added: fc.integer({ min: 0, max: 150 }),
    reviewed: fc.option(fc.integer({ min: 0, max: 30 })),
    due: fc.integer({ min: -20, max: 120 }),
    gapDays: fc.integer({ min: 1, max: 200 }),
    fullReviews: fc.integer({ min: 0, max: 1 }),
    exam: fc.integer({ min: 0, max: 200 }),
    reviewAt: fc.integer({ min: -5, max: 40 }),
    fraction: fractionArb,
  })
  .map((r) => {
    const addedDay = addDays(BASE, r.added);
    const lastReviewDay = r.reviewed === null ? null : addDays(addedDay, r.reviewed);
    const lastDay = lastReviewDay ?? addedDay;
    const card: ReviewCard = {
      ...item,
      addedDay,
      lastReviewDay,
      dueDay: addDays(lastDay, r.due),
      gapDays: r.gapDays,
      fullReviews: r.fullReviews,
    };
    return {
      card,
      lastDay,
      outcome: { fraction: r.fraction, day: addDays(lastDay, r.reviewAt) },
      examDay: addDays(BASE, r.exam),
    };
  });

describe("properties", () => {
  it("(1) every card in the notebook is due by the day before the exam, while that day is ahead", () => {
    fc.assert(
      fc.property(historyArb, (history) => {
        const { examDay, first, steps } = play(history);
        const eve = addDays(examDay, -1);
        if (daysBetween(first.addedDay, examDay) >= 2) expect(first.dueDay <= eve).toBe(true);
        for (const { outcome, after } of steps) {
          if (after && daysBetween(outcome.day, examDay) >= 2) expect(after.dueDay <= eve).toBe(true);
        }
      }),
      SETTINGS,
    );
  });

  it("(2) after a full-marks answer the gap never shrinks, and the wait is the old gap unless the exam cuts it", () => {
    fc.assert(
      fc.property(cardAndOutcomeArb, ({ card, lastDay, outcome, examDay }) => {
        const after = reviewCard(card, { ...outcome, fraction: 1 }, examDay);
        if (!after) return;
        expect(after.gapDays).toBeGreaterThanOrEqual(card.gapDays);
        if (after.fullReviews > card.fullReviews) {
          // A counted answer: the gap grew, and the student waits at least the old gap or until the exam's eve.
          expect(after.gapDays).toBeGreaterThan(card.gapDays);
          const left = daysBetween(outcome.day, examDay);
          const wait = daysBetween(outcome.day, after.dueDay);
          expect(wait).toBeGreaterThanOrEqual(left >= 2 ? Math.min(card.gapDays, left - 1) : 1);
        } else {
          expect(after.gapDays).toBe(card.gapDays);
          expect(after.lastReviewDay).toBe(lastDay);
        }
      }),
      SETTINGS,
    );
  });

  it("(3) after a partial answer the gap is not larger, and the count starts again", () => {
    fc.assert(
      fc.property(cardAndOutcomeArb, ({ card, outcome, examDay }) => {
        fc.pre(!(outcome.fraction >= 1));
        const after = reviewCard(card, outcome, examDay);
        expect(after).not.toBeNull();
        expect(after?.gapDays).toBeLessThanOrEqual(card.gapDays);
        expect(after?.fullReviews).toBe(0);
      }),
      SETTINGS,
    );
  });

  const dueSetArb = fc
    .record({
      cards: fc.uniqueArray(
        fc.record({
          itemId: fc.integer({ min: 0, max: 999 }).map((n) => `q${n}`),
          subject: fc.constantFrom("math_1", "math_2", "science_1", "english"),
          chapter: fc.constantFrom("1", "2", "3"),
          due: fc.integer({ min: 0, max: 20 }),
        }),
        { selector: (c) => c.itemId, maxLength: 40 },
      ),
      today: fc.integer({ min: 0, max: 20 }),
      limit: fc.integer({ min: 0, max: 30 }),
    })
    .map(({ cards, today, limit }) => ({
      cards: cards.map(
        (c): ReviewCard => ({
          itemId: c.itemId,
          subject: c.subject,
          chapter: c.chapter,
          addedDay: BASE,
          dueDay: addDays(BASE, c.due),
          gapDays: 1,
          fullReviews: 0,
          lastReviewDay: null,
        }),
      ),
      today: addDays(BASE, today),
      limit,
    }))
    .chain((set) =>
      fc.record({
        set: fc.constant(set),
        shuffled: fc.shuffledSubarray(set.cards, { minLength: set.cards.length, maxLength: set.cards.length }),
      }),
    );

  it("(4) the day's set is the same, in the same order, for any order of the same cards", () => {
    fc.assert(
      fc.property(dueSetArb, ({ set, shuffled }) => {
        const a = dueCards(set.cards, set.today, set.limit);
        const b = dueCards(shuffled, set.today, set.limit);
        expect(b.map((c) => c.itemId)).toEqual(a.map((c) => c.itemId));
        expect(dueCards([...set.cards].reverse(), set.today, set.limit)).toEqual(a);
      }),
      SETTINGS,
    );
  });

  it("the day's set: the most overdue due cards, with a chapter (or subject) repeated only when nothing else is left", () => {
    fc.assert(
      fc.property(dueSetArb, ({ set }) => {
        const out = dueCards(set.cards, set.today, set.limit);
        const due = set.cards.filter((c) => c.dueDay <= set.today);
        expect(out).toHaveLength(Math.min(set.limit, due.length));
        expect(new Set(out.map((c) => c.itemId)).size).toBe(out.length);
        const key = (c: ReviewCard) => `${c.dueDay} ${c.itemId}`;
        const taken = new Set(out);
        const latestTaken = out.map(key).sort().at(-1) ?? "";
        for (const c of due) if (!taken.has(c)) expect(key(c) > latestTaken).toBe(true);
        const chapter = (c: ReviewCard) => `${c.subject}/${c.chapter}`;
        for (let i = 0; i + 1 < out.length; i++) {
          const [here, next] = [out[i] as ReviewCard, out[i + 1] as ReviewCard];
          const rest = out.slice(i + 1);
          if (here.subject === next.subject) expect(rest.every((c) => c.subject === here.subject)).toBe(true);
          if (chapter(here) === chapter(next)) expect(rest.every((c) => chapter(c) === chapter(here))).toBe(true);
        }
      }),
      SETTINGS,
    );
  });

  it("(5) a card leaves after full marks on two different days since its last miss, and never earlier", () => {
    fc.assert(
      fc.property(historyArb, (history) => {
        const { first, steps } = play(history);
        // The model: the mistake's day is a miss; a full answer counts on a day after the last miss and the
        // last counted answer.
        let missDay = first.addedDay;
        let counted: string[] = [];
        for (const { outcome, after } of steps) {
          if (!(outcome.fraction >= 1)) {
            missDay = outcome.day;
            counted = [];
          } else if (outcome.day > missDay && outcome.day > (counted.at(-1) ?? "")) {
            counted.push(outcome.day);
          }
          expect(after === null).toBe(counted.length >= 2);
          if (after) expect(after.fullReviews).toBe(counted.length);
        }
      }),
      SETTINGS,
    );
  });

  it("(6) a card is never due before the day it was reviewed, and is due after it unless the exam is today or past", () => {
    fc.assert(
      fc.property(cardAndOutcomeArb, ({ card, outcome, examDay }) => {
        const after = reviewCard(card, outcome, examDay);
        // Rescheduled cards are due after the review day, whatever the exam (tomorrow once it has begun).
        if (after) expect(daysBetween(outcome.day, after.dueDay)).toBeGreaterThanOrEqual(1);
      }),
      SETTINGS,
    );
    fc.assert(
      fc.property(historyArb, (history) => {
        const { examDay, first, steps } = play(history);
        const examAhead = daysBetween(first.addedDay, examDay) >= 1;
        expect(daysBetween(first.addedDay, first.dueDay)).toBe(examAhead ? 1 : 0);
        for (const { outcome, after } of steps) {
          if (after) expect(after.dueDay > outcome.day).toBe(true);
        }
      }),
      SETTINGS,
    );
  });
});
