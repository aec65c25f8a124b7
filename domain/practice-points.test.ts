/**
 * Self-marking by marking points (issue 27 §1): an item's mark is the sum of the points ticked, and a body of
 * ticked points is checked item by item. Scoring stays with the marks (practice.test.ts): "any N of M" counts
 * the best N of the marks the points give.
 */
import { describe, expect, it } from "vitest";
import {
  checkPoints,
  type MarkableItem,
  type MarkableSection,
  markFromPoints,
  scoreAttempt,
  tickedPoints,
} from "./practice.ts";
import { saveAttemptSchema } from "./practice-schema.ts";

function item(id: string, points: number[], max = points.reduce((a, b) => a + b, 0)): MarkableItem {
  return { id, question: "2", section: "A", max, step: 0.5, chapter: "alpha", points };
}

/** Q2 (A): any 2 of 3, each 2 marks in four half-mark points; Q2 (B): one 3-mark item of 1 + 1 + 0.5 + 0.5. */
const sections: MarkableSection[] = [
  {
    question: "2",
    label: "A",
    attempt: 2,
    items: [item("q2a1", [0.5, 0.5, 0.5, 0.5]), item("q2a2", [0.5, 0.5, 0.5, 0.5]), item("q2a3", [0.5, 0.5, 0.5, 0.5])],
  },
  { question: "2", label: "B", attempt: 1, items: [{ ...item("q2b1", [1, 1, 0.5, 0.5]), section: "B" }] },
  { question: "1", label: "A", attempt: 1, items: [{ ...item("q1a1", [1]), question: "1", step: 1 }] },
];
const q2b1 = sections[1]?.items[0] as MarkableItem;

describe("markFromPoints", () => {
  it("adds the marks of the points ticked, half-mark points included", () => {
    expect(markFromPoints(q2b1, [])).toBe(0);
    expect(markFromPoints(q2b1, [0])).toBe(1);
    expect(markFromPoints(q2b1, [2])).toBe(0.5);
    expect(markFromPoints(q2b1, [0, 2])).toBe(1.5);
    expect(markFromPoints(q2b1, [3, 1, 2])).toBe(2);
    expect(markFromPoints(q2b1, [0, 1, 2, 3])).toBe(3);
  });

  it("counts a point ticked twice once, and adds nothing for an index the item does not have", () => {
    expect(markFromPoints(q2b1, [0, 0, 0])).toBe(1);
    expect(markFromPoints(q2b1, [2, 3, 2, 3])).toBe(1);
    expect(markFromPoints(q2b1, [7, -1, 1.5])).toBe(0);
  });

  it("never gives more than the item's maximum nor less than 0", () => {
    // Points that add up to more than the item carries (a writer's slip) still give at most its marks.
    expect(markFromPoints(item("odd", [2, 2], 3), [0, 1])).toBe(3);
    expect(markFromPoints(item("neg", [-1, 1], 1), [0])).toBe(0);
  });

  it("gives a single-point item its marks or nothing", () => {
    const one = sections[2]?.items[0] as MarkableItem;
    expect(markFromPoints(one, [0])).toBe(1);
    expect(markFromPoints(one, [])).toBe(0);
  });
});

describe("tickedPoints", () => {
  it("keeps each index once, in order", () => {
    expect(tickedPoints([3, 1, 3, 0])).toEqual([0, 1, 3]);
    expect(tickedPoints([])).toEqual([]);
  });
});

describe("checkPoints", () => {
  it("accepts indices within each item's marking points, an empty list, repeats and null", () => {
    expect(checkPoints(sections, { q2a1: [0, 1, 2, 3], q2a2: [], q2b1: [1, 1], q1a1: [0], q2a3: null })).toEqual({});
  });

  it("names an unknown item, also when clearing it", () => {
    expect(checkPoints(sections, { q9z9: [0] })).toEqual({ q9z9: "There is no such question in this paper" });
    expect(checkPoints(sections, { q9z9: null })).toEqual({ q9z9: "There is no such question in this paper" });
  });

  it("refuses indices that are not whole numbers naming one of the item's points", () => {
    const range = "Marking points of this question are numbered 0 to 3";
    expect(checkPoints(sections, { q2b1: [4] })).toEqual({ q2b1: range });
    expect(checkPoints(sections, { q2b1: [-1] })).toEqual({ q2b1: range });
    expect(checkPoints(sections, { q2b1: [0.5] })).toEqual({ q2b1: range });
    expect(checkPoints(sections, { q2b1: [Number.NaN] })).toEqual({ q2b1: range });
    expect(checkPoints(sections, { q1a1: [1] })).toEqual({ q1a1: "This question has one marking point: 0" });
  });

  it("refuses a value that is not a list, and reports every item at once", () => {
    expect(checkPoints(sections, { q2a1: 2, q2a2: "0", q2a3: [0], q9: [] })).toEqual({
      q2a1: "Points must be a list of marking point numbers",
      q2a2: "Points must be a list of marking point numbers",
      q9: "There is no such question in this paper",
    });
  });
});

describe("points and the choice rules", () => {
  it("scores the marks the points give, the best 2 of 'any 2 of 3' counting", () => {
    const marks = {
      q2a1: markFromPoints(sections[0]?.items[0] as MarkableItem, [0, 1]), // 1
      q2a2: markFromPoints(sections[0]?.items[1] as MarkableItem, [0, 1, 2]), // 1.5
      q2a3: markFromPoints(sections[0]?.items[2] as MarkableItem, [0, 1, 2, 3]), // 2
      q2b1: markFromPoints(q2b1, [0, 2]), // 1.5
    };
    const score = scoreAttempt(sections, marks);
    expect(score.counted).toEqual(["q2a3", "q2a2", "q2b1", "q1a1"]);
    expect(score.scored).toBe(2 + 1.5 + 1.5);
    expect(score.max).toBe(4 + 3 + 1);
  });
});

describe("saveAttemptSchema's points", () => {
  it("takes lists of numbers or null by item, alone or with marks and statuses", () => {
    expect(saveAttemptSchema.safeParse({ points: { q2a1: [0, 2], q2a2: null } }).success).toBe(true);
    expect(saveAttemptSchema.safeParse({ points: { q2a1: [] }, marks: { q1a1: 1 } }).success).toBe(true);
  });

  it("refuses what is not a list of numbers, naming the item", () => {
    for (const value of ["0", 1, { 0: true }, ["0"], [true]]) {
      const result = saveAttemptSchema.safeParse({ points: { q2a1: value } });
      expect(result.success, JSON.stringify(value)).toBe(false);
      expect(result.error?.issues[0]?.path.slice(0, 2)).toEqual(["points", "q2a1"]);
      expect(result.error?.issues[0]?.message).toBe("Points must be a list of marking point numbers");
    }
  });

  it("asks for marks, points or statuses", () => {
    const result = saveAttemptSchema.safeParse({});
    expect(result.error?.issues[0]?.message).toBe("Send marks, points or statuses");
  });
});
