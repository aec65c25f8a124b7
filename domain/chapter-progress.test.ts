import { describe, expect, it } from "vitest";
import { type ChapterMark, chapterProgress, RECENT_DAYS, STALE_DAYS } from "./chapter-progress.ts";
import { addDays } from "./review-schedule.ts";

const today = "2027-01-20";
const mark = (chapter: string, itemKey: string, scored: number, max: number, day = today): ChapterMark => ({
  chapter,
  itemKey,
  scored,
  max,
  day,
});

describe("progress by chapter", () => {
  it("counts distinct items met against the bank, and recent accuracy from the last 30 days only", () => {
    const rows = chapterProgress(
      [
        { id: "c1", items: 4 },
        { id: "c2", items: 3 },
      ],
      [
        mark("c1", "p1:a", 1, 2),
        mark("c1", "p1:a", 2, 2, addDays(today, -1)),
        mark("c1", "p1:b", 0, 3, addDays(today, -2)),
        // Older than the window: met, but not in the accuracy.
        mark("c1", "p2:c", 0, 5, addDays(today, -RECENT_DAYS)),
      ],
      [],
      today,
    );
    expect(rows.map((r) => r.chapter)).toEqual(["c1", "c2"]);
    const [c1, c2] = rows;
    expect(c1?.met).toBe(3);
    expect(c1?.bankItems).toBe(4);
    // (1 + 2 + 0) of (2 + 2 + 3)
    expect(c1?.accuracy).toBe(42.9);
    expect(c1?.lastDay).toBe(today);
    expect(c1?.stale).toBe(false);
    expect(c2).toMatchObject({ met: 0, accuracy: null, due: 0, lastDay: null, daysSince: null, stale: false });
  });

  it("counts cards due today or before, and a review day as practice", () => {
    const [row] = chapterProgress(
      [{ id: "c1", items: 2 }],
      [mark("c1", "p1:a", 0, 2, addDays(today, -40))],
      [
        { chapter: "c1", dueDay: today, lastReviewDay: addDays(today, -3), addedDay: addDays(today, -40) },
        { chapter: "c1", dueDay: addDays(today, -2), lastReviewDay: null, addedDay: addDays(today, -40) },
        { chapter: "c1", dueDay: addDays(today, 1), lastReviewDay: null, addedDay: addDays(today, -40) },
      ],
      today,
    );
    expect(row?.due).toBe(2);
    expect(row?.lastDay).toBe(addDays(today, -3));
    expect(row?.daysSince).toBe(3);
    expect(row?.stale).toBe(false);
    expect(row?.accuracy).toBeNull();
  });

  it("marks a chapter left alone for two weeks, not one never started", () => {
    const rows = chapterProgress(
      [
        { id: "old", items: 5 },
        { id: "recent", items: 5 },
        { id: "never", items: 5 },
      ],
      [
        mark("old", "p:a", 1, 1, addDays(today, -STALE_DAYS)),
        mark("recent", "p:b", 1, 1, addDays(today, -(STALE_DAYS - 1))),
      ],
      [],
      today,
    );
    expect(rows.map((r) => [r.chapter, r.stale])).toEqual([
      ["old", true],
      ["recent", false],
      ["never", false],
    ]);
  });

  it("leaves out chapters with no bank items and nothing of the student's", () => {
    expect(chapterProgress([{ id: "empty", items: 0 }], [], [], today)).toEqual([]);
    const [row] = chapterProgress([{ id: "retired", items: 0 }], [mark("retired", "p:a", 1, 2)], [], today);
    expect(row).toMatchObject({ chapter: "retired", met: 1, bankItems: 0 });
  });
});
