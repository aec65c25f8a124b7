import { describe, expect, it } from "vitest";
import type { ModelPaper, PaperItem, SubjectSyllabus } from "./model-papers.ts";
import {
  allowedMinutes,
  attemptStateAt,
  type ChapterScore,
  checkMarks,
  formatCountdown,
  markableSections,
  scoreAttempt,
  weakestChapters,
} from "./practice.ts";

function item(id: string, marks: number, chapter: string): PaperItem {
  return { id, marks, chapter, text: `Question ${id}`, answer: `Answer ${id}`, marking: [{ marks, point: "all" }] };
}

/**
 * Q1 (A): two 1-mark items, no choice, blueprint says no half marks.
 * Q1 (B): "any 2 of 3" with maxima 2, 3, 2 (section max 3 + 2 = 5), half marks.
 * Q2: no lettered parts, two 4-mark items, no choice, blueprint silent on half marks.
 * Total: 2 + 5 + 8 = 15.
 */
const paper: ModelPaper = {
  id: "tiny-model-1",
  subject: "math_1",
  mediums: ["english"],
  language: "en",
  title: "Tiny model paper",
  pattern: "Test pattern",
  marks: 15,
  marksWithOptions: 17,
  durationMinutes: 45,
  instructions: [],
  questions: [
    {
      number: "1",
      sections: [
        { label: "A", instruction: "Answer both", items: [item("q1a1", 1, "alpha"), item("q1a2", 1, "beta")] },
        {
          label: "B",
          instruction: "Answer any two",
          attempt: 2,
          items: [item("q1b1", 2, "alpha"), item("q1b2", 3, "beta"), item("q1b3", 2, "gamma")],
        },
      ],
    },
    {
      number: "2",
      sections: [{ label: "", instruction: "Solve", items: [item("q2i1", 4, "gamma"), item("q2i2", 4, "alpha")] }],
    },
  ],
};

const syllabus: SubjectSyllabus = {
  subject: "math_1",
  language: "en",
  chapters: [
    { id: "alpha", name: "Alpha", weight: 7 },
    { id: "beta", name: "Beta", weight: 4 },
    { id: "gamma", name: "Gamma", weight: 6 },
  ],
  blueprint: {
    subject: "math_1",
    pattern: "Test pattern",
    marks: 15,
    marksWithOptions: 17,
    durationMinutes: 45,
    questions: [
      {
        number: "1",
        sections: [
          { label: "A", kind: "Answer both", of: 2, attempt: 2, marksEach: 1, halfMarks: false },
          { label: "B", kind: "Answer any two", marks: 5, marksWithOptions: 7, halfMarks: true },
        ],
      },
      { number: "2", sections: [{ label: "", kind: "Solve", of: 2, attempt: 2, marksEach: 4 }] },
    ],
  },
};

const sections = markableSections(paper, syllabus);

describe("allowedMinutes", () => {
  it("adds the board's 10 extra minutes to the printed duration", () => {
    expect(allowedMinutes({ durationMinutes: 120 })).toBe(130);
    expect(allowedMinutes({ durationMinutes: 45 })).toBe(55);
  });
});

describe("markableSections", () => {
  it("lists every section in paper order, with half steps only where the blueprint allows them", () => {
    expect(sections).toEqual([
      {
        question: "1",
        label: "A",
        attempt: 2,
        items: [
          { id: "q1a1", question: "1", section: "A", max: 1, step: 1, chapter: "alpha", points: [1] },
          { id: "q1a2", question: "1", section: "A", max: 1, step: 1, chapter: "beta", points: [1] },
        ],
      },
      {
        question: "1",
        label: "B",
        attempt: 2,
        items: [
          { id: "q1b1", question: "1", section: "B", max: 2, step: 0.5, chapter: "alpha", points: [2] },
          { id: "q1b2", question: "1", section: "B", max: 3, step: 0.5, chapter: "beta", points: [3] },
          { id: "q1b3", question: "1", section: "B", max: 2, step: 0.5, chapter: "gamma", points: [2] },
        ],
      },
      {
        question: "2",
        label: "",
        attempt: 2,
        items: [
          { id: "q2i1", question: "2", section: "", max: 4, step: 1, chapter: "gamma", points: [4] },
          { id: "q2i2", question: "2", section: "", max: 4, step: 1, chapter: "alpha", points: [4] },
        ],
      },
    ]);
  });

  it("uses whole steps for a section the blueprint does not list, and never counts more items than printed", () => {
    const odd: ModelPaper = {
      ...paper,
      questions: [
        {
          number: "9",
          sections: [
            { label: "Z", instruction: "Any five", attempt: 5, items: [item("z1", 2, "alpha"), item("z2", 2, "beta")] },
          ],
        },
      ],
    };
    const [section] = markableSections(odd, syllabus);
    expect(section?.attempt).toBe(2);
    expect(section?.items.map((i) => i.step)).toEqual([1, 1]);
  });
});

describe("checkMarks", () => {
  it("rejects an item the paper does not have", () => {
    expect(checkMarks(sections, { nope: 1 })).toEqual({ nope: "There is no such question in this paper" });
  });

  it("rejects negatives, marks above the item's maximum and values that are not finite numbers", () => {
    const range = "Marks must be from 0 to 4";
    for (const value of [-1, -0.5, 4.5, 5, Number.NaN, Number.POSITIVE_INFINITY, "2", null, undefined, true]) {
      expect(checkMarks(sections, { q2i1: value }), String(value)).toEqual({ q2i1: range });
    }
    expect(checkMarks(sections, { q1b2: 3.5 })).toEqual({ q1b2: "Marks must be from 0 to 3" });
  });

  it("rejects half marks where the board gives whole marks, and quarters where it gives halves", () => {
    expect(checkMarks(sections, { q2i1: 1.5 })).toEqual({ q2i1: "Marks must be whole numbers here" });
    expect(checkMarks(sections, { q1a1: 0.5 })).toEqual({ q1a1: "Marks must be whole numbers here" });
    expect(checkMarks(sections, { q1b2: 0.25 })).toEqual({ q1b2: "Marks go in steps of half a mark" });
    expect(checkMarks(sections, { q1b2: 2.75 })).toEqual({ q1b2: "Marks go in steps of half a mark" });
  });

  it("accepts 0, the maximum and half marks where allowed", () => {
    expect(checkMarks(sections, { q1a1: 0, q2i1: 0, q2i2: 4, q1b2: 3, q1b1: 1.5, q1b3: 0.5 })).toEqual({});
    expect(checkMarks(sections, {})).toEqual({});
  });

  it("reports every problem at once, by item id", () => {
    expect(checkMarks(sections, { q1a1: 1, q1a2: 2, q2i1: 1.5, ghost: 0 })).toEqual({
      q1a2: "Marks must be from 0 to 1",
      q2i1: "Marks must be whole numbers here",
      ghost: "There is no such question in this paper",
    });
  });
});

const sortedChapters = (chapters: ChapterScore[]) => [...chapters].sort((a, b) => a.chapter.localeCompare(b.chapter));

describe("scoreAttempt", () => {
  it("scores nothing marked as 0 out of the paper's marks, counting the earlier items of a choice", () => {
    const score = scoreAttempt(sections, {});
    expect(score.scored).toBe(0);
    expect(score.max).toBe(15);
    expect(score.percentage).toBe(0);
    expect([...score.counted].sort()).toEqual(["q1a1", "q1a2", "q1b1", "q1b2", "q2i1", "q2i2"]);
    expect(score.byQuestion).toEqual([
      { question: "1", scored: 0, max: 7 },
      { question: "2", scored: 0, max: 8 },
    ]);
    expect(sortedChapters(score.byChapter)).toEqual([
      { chapter: "alpha", scored: 0, max: 7 },
      { chapter: "beta", scored: 0, max: 4 },
      { chapter: "gamma", scored: 0, max: 4 },
    ]);
  });

  it("counts only the best 2 of an 'any 2 of 3' section, and unmarked items as 0", () => {
    const score = scoreAttempt(sections, { q1a1: 1, q1b1: 1.5, q1b2: 0.5, q1b3: 2, q2i1: 3.5 });
    // Q1: 1 + 0 + (2 + 1.5; q1b2's 0.5 is left out) = 4.5 of 2 + 5; Q2: 3.5 + 0 of 8.
    expect([...score.counted].sort()).toEqual(["q1a1", "q1a2", "q1b1", "q1b3", "q2i1", "q2i2"]);
    expect(score.byQuestion).toEqual([
      { question: "1", scored: 4.5, max: 7 },
      { question: "2", scored: 3.5, max: 8 },
    ]);
    expect(score.scored).toBe(8);
    expect(score.max).toBe(15);
    // 8 / 15 = 53.33…%
    expect(score.percentage).toBe(53.3);
    // Chapters add the counted items only: alpha q1a1 1/1 + q1b1 1.5/2 + q2i2 0/4; beta q1a2 0/1; gamma q1b3 2/2 + q2i1 3.5/4.
    expect(sortedChapters(score.byChapter)).toEqual([
      { chapter: "alpha", scored: 2.5, max: 7 },
      { chapter: "beta", scored: 0, max: 1 },
      { chapter: "gamma", scored: 5.5, max: 6 },
    ]);
  });

  it("picks the earlier item when marks are equal", () => {
    expect(scoreAttempt(sections, { q1b1: 2, q1b2: 2, q1b3: 2 }).counted).toContain("q1b2");
    expect(scoreAttempt(sections, { q1b1: 2, q1b2: 2, q1b3: 2 }).counted).not.toContain("q1b3");
    const tied = scoreAttempt(sections, { q1b1: 1, q1b3: 1 });
    expect(tied.counted).toContain("q1b1");
    expect(tied.counted).toContain("q1b3");
    expect(tied.counted).not.toContain("q1b2");
    expect(tied.byQuestion[0]).toEqual({ question: "1", scored: 2, max: 7 });
    const later = scoreAttempt(sections, { q1b2: 1, q1b3: 1 });
    expect(later.counted).not.toContain("q1b1");
  });

  it("gives the paper's marks and 100% for full marks on every item", () => {
    const full = Object.fromEntries(sections.flatMap((s) => s.items).map((i) => [i.id, i.max]));
    const score = scoreAttempt(sections, full);
    // Q1 (A) 1 + 1; Q1 (B) best two of 2, 3, 2 = 3 + 2; Q2 4 + 4.
    expect(score.scored).toBe(15);
    expect(score.max).toBe(15);
    expect(score.percentage).toBe(100);
    expect(score.byQuestion).toEqual([
      { question: "1", scored: 7, max: 7 },
      { question: "2", scored: 8, max: 8 },
    ]);
  });

  it("rounds the percentage to one decimal", () => {
    // 1 / 15 = 6.666…%
    expect(scoreAttempt(sections, { q1a1: 1 }).percentage).toBe(6.7);
    // 14.5 / 15 = 96.666…%
    expect(scoreAttempt(sections, { q1a1: 1, q1a2: 1, q1b1: 2, q1b2: 2.5, q2i1: 4, q2i2: 4 }).percentage).toBe(96.7);
    // 3 / 15 = 20%
    expect(scoreAttempt(sections, { q1b2: 3 }).percentage).toBe(20);
  });
});

describe("weakestChapters", () => {
  const attempts: ChapterScore[] = [
    // first attempt
    { chapter: "alpha", scored: 2, max: 4 },
    { chapter: "beta", scored: 3, max: 3 },
    { chapter: "gamma", scored: 1, max: 2 },
    { chapter: "delta", scored: 0, max: 0 },
    // second attempt
    { chapter: "alpha", scored: 1, max: 4 },
    { chapter: "gamma", scored: 1, max: 2 },
    { chapter: "epsilon", scored: 3, max: 6 },
    { chapter: "zeta", scored: 4, max: 10 },
    { chapter: "beta", scored: 2, max: 2 },
  ];

  it("adds chapters across attempts, leaves out full marks, orders by share then marks lost", () => {
    // alpha 3/8 (37.5%), zeta 4/10 (40%), epsilon 3/6 (50%, 3 lost), gamma 2/4 (50%, 2 lost); beta 5/5 and delta 0/0 out.
    expect(weakestChapters(attempts, 10)).toEqual([
      { chapter: "alpha", scored: 3, max: 8 },
      { chapter: "zeta", scored: 4, max: 10 },
      { chapter: "epsilon", scored: 3, max: 6 },
      { chapter: "gamma", scored: 2, max: 4 },
    ]);
  });

  it("gives at most 3 by default", () => {
    expect(weakestChapters(attempts).map((c) => c.chapter)).toEqual(["alpha", "zeta", "epsilon"]);
  });

  it("gives none when no marks were lost", () => {
    expect(weakestChapters([])).toEqual([]);
    expect(weakestChapters([{ chapter: "beta", scored: 3, max: 3 }])).toEqual([]);
  });
});

describe("attemptStateAt", () => {
  const start = new Date("2026-03-01T09:00:00Z");
  const at = (ms: number) => new Date(start.getTime() + ms);
  const minute = 60 * 1000;
  const day = 24 * 60 * minute;
  const attempt = {
    startedAt: start,
    deadlineAt: at(130 * minute),
    writingEndedAt: null as Date | null,
    finishedAt: null as Date | null,
    ended: false,
  };

  it("is writing before the deadline", () => {
    expect(attemptStateAt(attempt, start)).toBe("writing");
    expect(attemptStateAt(attempt, at(130 * minute - 1))).toBe("writing");
  });

  it("is checking from exactly the deadline, or once writing was ended early", () => {
    expect(attemptStateAt(attempt, at(130 * minute))).toBe("checking");
    expect(attemptStateAt(attempt, at(day - 1))).toBe("checking");
    expect(attemptStateAt({ ...attempt, writingEndedAt: at(60 * minute) }, at(61 * minute))).toBe("checking");
  });

  it("is finished once the result was asked for, even after 24 hours", () => {
    const finished = { ...attempt, writingEndedAt: at(100 * minute), finishedAt: at(140 * minute) };
    expect(attemptStateAt(finished, at(141 * minute))).toBe("finished");
    expect(attemptStateAt(finished, at(2 * day))).toBe("finished");
  });

  it("is not finished when ended, or at 24 hours after start", () => {
    expect(attemptStateAt({ ...attempt, ended: true }, at(10 * minute))).toBe("not_finished");
    expect(attemptStateAt(attempt, at(day))).toBe("not_finished");
    expect(attemptStateAt({ ...attempt, writingEndedAt: at(60 * minute) }, at(day))).toBe("not_finished");
  });
});

describe("formatCountdown", () => {
  it("shows 0:00 for no time or negative time", () => {
    expect(formatCountdown(0)).toBe("0:00");
    expect(formatCountdown(-5000)).toBe("0:00");
  });

  it("shows minutes and seconds under an hour, rounding up to the next second", () => {
    expect(formatCountdown(247_000)).toBe("4:07");
    expect(formatCountdown(246_001)).toBe("4:07");
    expect(formatCountdown(59_999)).toBe("1:00");
  });

  it("shows hours, minutes and seconds from an hour", () => {
    expect(formatCountdown(3_909_000)).toBe("1:05:09");
    expect(formatCountdown(3_600_000)).toBe("1:00:00");
  });
});
