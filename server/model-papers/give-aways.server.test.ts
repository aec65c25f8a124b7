import { describe, expect, it } from "vitest";
import type { ModelPaper, PaperItem } from "../../domain/model-papers.ts";
import { distinctive, findGiveAways, printedNumbers, unmistakable } from "./give-aways.server.ts";

const item = (id: string, text: string, expect?: number | number[]): PaperItem =>
  ({
    id,
    marks: 2,
    chapter: "statistics",
    text,
    answer: "",
    marking: [{ marks: 2, point: "x" }],
    ...(expect === undefined ? {} : { check: { given: {}, compute: "0", expect } }),
  }) as PaperItem;

const paper = (items: PaperItem[], passage?: string): ModelPaper =>
  ({
    id: "math-1-model-9",
    questions: [{ number: "1", sections: [{ label: "A", instruction: "", items, ...(passage ? { passage } : {}) }] }],
  }) as unknown as ModelPaper;

describe("the give-away check", () => {
  it("reads numbers as papers print them", () => {
    expect(printedNumbers("GST ₹ 1,200 at 2.5% on $4\\,750$")).toEqual(new Set([1200, 2.5, 4750]));
    expect(printedNumbers("x^{2} - 5x + 6")).toEqual(new Set([2, 5, 6]));
  });

  it("finds an answer printed in another item: an error when unmistakable, a warning when only distinctive", () => {
    const found = findGiveAways(
      paper([
        item("q1a1", "The sum of the first 16 multiples of 6 is?", 816),
        item("q1a2", "Show that 816 is divisible by 6."),
        item("q1a3", "Find the mean.", 13),
        item("q1a4", "A class of 13 students…"),
      ]),
    );
    expect(found.errors).toEqual(["q1a1: its answer 816 is printed in q1a2 (a give-away?)"]);
    expect(found.warnings).toEqual(["q1a3: its answer 13 is printed in q1a4 (a give-away?)"]);
  });

  it("looks in options, figure descriptions and shared passages, and not at the item's own data", () => {
    const viaOption = findGiveAways(
      paper([item("q1a1", "Find the area.", 4.75), { ...item("q1a2", "Choose."), options: ["4.75", "1", "2", "3"] }]),
    );
    expect(viaOption.errors).toHaveLength(1);
    const viaPassage = findGiveAways(paper([item("q1a1", "Find the total.", 4200)], "The heat is 4200 J/kg °C."));
    expect(viaPassage.errors).toEqual([]);
    const own = findGiveAways(paper([item("q1a1", "Given 816, find 816.", 816)]));
    expect(own.errors).toEqual([]);
  });

  it("leaves small and round numbers alone", () => {
    for (const n of [0, 3, 12, 20, 90, 100, 180, 360, 1000]) expect(distinctive(n), String(n)).toBe(false);
    for (const n of [13, 0.5, 816, 4200]) expect(distinctive(n), String(n)).toBe(true);
    for (const n of [816, 4200, 1250, 4.75]) expect(unmistakable(n), String(n)).toBe(true);
    for (const n of [600, 200, 13, 0.5, 4.5]) expect(unmistakable(n), String(n)).toBe(false);
  });
});
