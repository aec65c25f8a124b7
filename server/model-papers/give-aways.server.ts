/**
 * Give-aways a machine can see (issue 25): a computed answer (an item's `check.expect`) that another item of the
 * same paper prints, in its question, options, figure description or its section's shared text. A student who
 * reads the paper through finds the answer there. Only distinctive numbers count: small whole numbers (0-12,
 * 100, 180, 360) and round tens turn up everywhere as data and would make the check cry wolf.
 *
 * What it cannot see is left to the examiner: words, figures drawn to scale, values inside an activity's own boxes.
 */
import type { ModelPaper, PaperItem } from "../../domain/model-papers.ts";

/** Numbers as a paper prints them: `1,200` and `1200` alike, decimals kept, TeX thin spaces ignored. */
export function printedNumbers(text: string): Set<number> {
  const numbers = new Set<number>();
  const cleaned = text.replace(/\\[,;!]|\{,\}/g, "").replace(/(\d),(?=\d{2,3}\b)/g, "$1");
  // Coefficients too (`15x`): a number is digits not inside a longer number.
  for (const match of cleaned.matchAll(/(?<![\d.])\d+(?:\.\d+)?(?![\d])/g)) numbers.add(Number(match[0]));
  return numbers;
}

const COMMON = new Set([100, 180, 360, 1000]);

/** A number distinctive enough that seeing it printed elsewhere gives the answer away. */
export function distinctive(value: number): boolean {
  if (!Number.isFinite(value)) return false;
  const size = Math.abs(value);
  if (Number.isInteger(size) && (size <= 12 || COMMON.has(size) || (size < 100 && size % 10 === 0))) return false;
  return true;
}

interface Printed {
  item: PaperItem;
  numbers: Set<number>;
}

/**
 * A number no other item prints by chance: at least 100 with two or more significant digits (816, 4200, 1250), or
 * two or more decimals (4.75). Seen in another item, it is an error; a merely distinctive one is a warning.
 */
export function unmistakable(value: number): boolean {
  const size = Math.abs(value);
  const decimals = (String(size).split(".")[1] ?? "").length;
  if (decimals >= 2) return true;
  return size >= 100 && String(Math.round(size)).replace(/0+$/, "").length >= 2;
}

/** `<item id>: its answer N is printed in <other id>` for each give-away in the paper. */
export function findGiveAways(paper: ModelPaper): { errors: string[]; warnings: string[] } {
  const printed: Printed[] = [];
  for (const question of paper.questions) {
    for (const section of question.sections) {
      const shared = [section.passage ?? "", section.passageFigureAlt ?? ""].join("\n");
      for (const item of section.items) {
        const text = [item.text, ...(item.options ?? []), item.figureAlt ?? "", shared].join("\n");
        printed.push({ item, numbers: printedNumbers(text) });
      }
    }
  }
  const errors: string[] = [];
  const warnings: string[] = [];
  for (const { item } of printed) {
    const expected = item.check?.expect;
    if (expected === undefined) continue;
    const values = (Array.isArray(expected) ? expected : [expected]).filter(distinctive);
    for (const value of values) {
      const own = printed.find((p) => p.item === item)?.numbers.has(value);
      if (own) continue; // the item's own data (a question that gives its answer is the examiner's call)
      const elsewhere = printed.filter((p) => p.item !== item && p.numbers.has(value)).map((p) => p.item.id);
      if (elsewhere.length === 0) continue;
      const message = `${item.id}: its answer ${value} is printed in ${elsewhere.join(", ")} (a give-away?)`;
      (unmistakable(value) ? errors : warnings).push(message);
    }
  }
  return { errors, warnings };
}
