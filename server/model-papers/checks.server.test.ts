/**
 * The computed-answer check (content/papers/README.md, "Computed answers"): every item's `check` is evaluated from
 * the question's data with mathjs and helpers written independently of the answers, and must give its `expect`,
 * which the answer text must state. Algebra items and Science Part 1 numerical problems must carry a check.
 * Each failure is listed as `content/papers/<subject>/<paper>.yaml: <item id>: <what is wrong>`.
 */
import { describe, expect, it } from "vitest";
import type { AnswerCheck, ModelPaper, PaperItem } from "../../domain/model-papers.ts";
import {
  answerStates,
  CHECK_HELPERS,
  checkMismatch,
  evaluateCheck,
  itemsOf,
} from "../../tests/support/answer-checks.ts";
import { loadModelPapers } from "./load.server.ts";

const { papers } = loadModelPapers();

function fileOf(paper: ModelPaper): string {
  return `content/papers/${paper.subject}/${paper.id}.yaml`;
}

const items = papers.flatMap((paper) =>
  itemsOf(paper).map((item) => ({ paper, item, where: `${fileOf(paper)}: ${item.id}` })),
);
const checked = items.flatMap(({ item, where, paper }) =>
  item.check ? [{ item, check: item.check, where, paper }] : [],
);

/**
 * Science Part 1 questions that look numerical: a number followed by a unit (N, J, W, V, A, Ω, °C, kWh, kg, m, cm,
 * s, Hz, D …), in plain text or TeX (`20\,\text{cm}`, `30^\circ\text{C}`).
 */
const NUMBER_WITH_UNIT =
  /\d(?:[\d.,]*\d)?(?:\s|\\[,;: ]|~)*(?:\\(?:text|mathrm)\{\s*)?(?:°\s*C|\^\{?\\circ\}?\s*(?:\\(?:text|mathrm)\{)?\s*C|Ω|\\Omega|kWh|kW|kJ|kcal|cal|N|J|W|V|A|K|Hz|kg|g|km|cm|mm|m|s|min|D)(?![A-Za-z])/;

describe("the check evaluator", () => {
  const evaluate = (compute: string, given: AnswerCheck["given"] = {}) => evaluateCheck({ given, compute, expect: 0 });

  it("implements the README's helpers from their definitions", () => {
    expect(CHECK_HELPERS.quadroots(1, -7, 12)).toEqual([3, 4]);
    expect(CHECK_HELPERS.quadroots(2, 1, -6)).toEqual([-2, 1.5]);
    expect(CHECK_HELPERS.quadroots(-1, 0, 4)).toEqual([-2, 2]);
    expect(CHECK_HELPERS.quadroots(1, 0, 1)).toEqual([]);
    expect(CHECK_HELPERS.solve2(1, 1, 5, 1, -1, 1)).toEqual([3, 2]);
    expect(CHECK_HELPERS.apterm(3, 5, 10)).toBe(48);
    expect(CHECK_HELPERS.apsum(1, 1, 100)).toBe(5050);
    expect(CHECK_HELPERS.det2(5, 3, -2, 4)).toBe(26);
    expect(CHECK_HELPERS.mean([2, 4, 9])).toBe(5);
    // Classes 0-10 … 40-50 with frequencies 5, 8, 20, 10, 7 (n = 50).
    const [lows, highs, freqs] = [
      [0, 10, 20, 30, 40],
      [10, 20, 30, 40, 50],
      [5, 8, 20, 10, 7],
    ];
    expect(CHECK_HELPERS.groupedmean(lows, highs, freqs)).toBe((25 + 120 + 500 + 350 + 315) / 50);
    expect(CHECK_HELPERS.groupedmedian(lows, highs, freqs)).toBe(20 + ((25 - 13) / 20) * 10);
    expect(CHECK_HELPERS.groupedmode(lows, highs, freqs)).toBe(20 + ((20 - 8) / (40 - 8 - 10)) * 10);
    expect(CHECK_HELPERS.ncr(5, 2)).toBe(10);
    expect(CHECK_HELPERS.ncr(52, 5)).toBe(2598960);
  });

  it("evaluates expressions over the given numbers, lists included", () => {
    expect(evaluate("quadroots(a, b, c)", { a: 1, b: -7, c: 12 })).toEqual([3, 4]);
    expect(evaluate("sum(xs) / 4 + round(pi, 2)", { xs: [1, 2, 3, 4] })).toBeCloseTo(5.64);
    expect(evaluate("[P / V, V^2 / P]", { P: 1100, V: 220 })).toEqual([5, 44]);
    expect(evaluate("(cl + i) / 2", { cl: 80, i: 2 })).toBe(41); // `i` is the given number, not √−1
    expect(evaluate("groupedmean(l, h, f)", { l: [0, 10], h: [10, 20], f: [1, 1] })).toBe(10);
    expect(() => evaluate("sqrt(-4)")).toThrow(/not a number/);
  });

  it("compares within the tolerance, element by element", () => {
    expect(checkMismatch({ given: { a: 2 }, compute: "a / 3", expect: 0.67, tolerance: 0.005 })).toBeNull();
    expect(checkMismatch({ given: { a: 2 }, compute: "a / 3", expect: 0.67 })).toMatch(/gives 0\.666/);
    expect(checkMismatch({ given: {}, compute: "[1, 2]", expect: [1, 2] })).toBeNull();
    expect(checkMismatch({ given: {}, compute: "[1, 2]", expect: [2, 1] })).not.toBeNull();
    expect(checkMismatch({ given: {}, compute: "[1, 2]", expect: 1 })).not.toBeNull();
    expect(checkMismatch({ given: {}, compute: "nosuch(1)", expect: 1 })).toMatch(/failed/);
  });

  it("finds a number in an answer in the forms writers use", () => {
    expect(answerStates("$x = 3$", 3)).toBe(true);
    expect(answerStates("so $k = 3.5$.", 3.5)).toBe(true);
    expect(answerStates("$t_{10} = -2$", -2)).toBe(true);
    expect(answerStates("$x = −2$", -2)).toBe(true);
    expect(answerStates("Total ₹ 14,160", 14160)).toBe(true);
    expect(answerStates("Total ₹ 1,20,000", 120000)).toBe(true);
    expect(answerStates("₹ 501.180", 501.18)).toBe(true);
    expect(answerStates("speed $= 2 \\times 10^{8}$ m/s", 200000000)).toBe(true);
    expect(answerStates("mass $= 1.5 \\times 10^{-3}$ kg", 0.0015)).toBe(true);
    expect(answerStates("roots (3,2)", 2)).toBe(true);
    expect(answerStates("$x = 3.5$", 3)).toBe(false);
    expect(answerStates("$x = 13$", 3)).toBe(false);
    expect(answerStates("$x = 35$", 3)).toBe(false);
    expect(answerStates("$\\frac{3}{4}$", 0.75)).toBe(false);
  });
});

describe("computed answers in the model papers", () => {
  it("exist in Algebra and Science Part 1", () => {
    for (const subject of ["math_1", "science_1"]) {
      if (papers.some((p) => p.subject === subject)) {
        expect(checked.filter((c) => c.paper.subject === subject).length, subject).toBeGreaterThan(0);
      }
    }
  });

  it("every check computes its expect from the question's data", () => {
    const failures = checked.flatMap(({ check, where }) => {
      const mismatch = checkMismatch(check);
      return mismatch ? [`${where}: ${mismatch}`] : [];
    });
    expect(failures).toEqual([]);
  });

  it("every expected number is stated in the answer", () => {
    const failures = checked.flatMap(({ item, check, where }) =>
      (Array.isArray(check.expect) ? check.expect : [check.expect])
        .filter((value) => !answerStates(item.answer, value))
        .map((value) => `${where}: the answer does not state ${value}`),
    );
    expect(failures).toEqual([]);
  });

  it("every Algebra item has a check, except MCQs whose right option has no number", () => {
    const missing = items
      .filter(({ paper, item }) => paper.subject === "math_1" && !item.check && !isMcqWithoutNumber(item))
      .map(({ where }) => `${where}: no check`);
    expect(missing).toEqual([]);
  });

  it("every numerical-looking Science Part 1 item has a check", () => {
    const missing = items
      .filter(
        ({ paper, item }) =>
          paper.subject === "science_1" && !item.check && NUMBER_WITH_UNIT.test(item.text) && !isMcqRestatingData(item),
      )
      .map(
        ({ where, item }) => `${where}: looks numerical ("${NUMBER_WITH_UNIT.exec(item.text)?.[0]}") but has no check`,
      );
    if (missing.length > 0) console.warn(`Science Part 1 items without a check:\n${missing.join("\n")}`);
    expect(missing).toEqual([]);
  });

  it("MCQ answers start with the correct letter (a warning when they do not; an error when they name another)", () => {
    const mcqs = items.filter(({ item }) => item.correct !== undefined);
    const contradicting = mcqs
      .filter(
        ({ item }) => /^\s*\(([A-D])\)/.exec(item.answer) && !item.answer.trimStart().startsWith(`(${item.correct})`),
      )
      .map(
        ({ where, item }) =>
          `${where}: correct is ${item.correct}, the answer starts ${item.answer.trim().slice(0, 3)}`,
      );
    const unlettered = mcqs
      .filter(({ item }) => !/^\s*\([A-D]\)/.test(item.answer))
      .map(({ where, item }) => `${where}: the answer does not start (${item.correct})`);
    if (unlettered.length > 0) console.warn(`MCQ answers without the letter:\n${unlettered.join("\n")}`);
    expect(contradicting).toEqual([]);
  });
});

/** An MCQ whose right option only repeats numbers the question states (mass stays 60 kg): nothing to compute. */
function isMcqRestatingData(item: PaperItem): boolean {
  if (item.correct === undefined || !item.options) return false;
  const right = item.options["ABCD".indexOf(item.correct)] ?? "";
  const numbers = right.match(/\d+(?:\.\d+)?/g) ?? [];
  return numbers.every((n) => item.text.includes(n));
}

function isMcqWithoutNumber(item: PaperItem): boolean {
  if (item.correct === undefined || !item.options) return false;
  const right = item.options["ABCD".indexOf(item.correct)] ?? "";
  return !/\d/.test(right);
}
