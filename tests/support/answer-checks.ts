/**
 * Test support for `server/model-papers/checks.server.test.ts`: evaluates a paper item's `check`
 * (content/papers/README.md, "Computed answers") with mathjs and the README's helper functions, written here from
 * their textbook definitions. It shares no code with the papers' answers or with anything else in the app, so an
 * answer and its check can only agree if the arithmetic is right. Not used by the app.
 */
import { all, create } from "mathjs";
import type { AnswerCheck, PaperItem } from "../../domain/model-papers.ts";

if (!all) throw new Error("mathjs did not export its function map");
const math = create(all, { matrix: "Array", number: "number" });

function numbers(xs: unknown, name: string): number[] {
  if (!Array.isArray(xs) || !xs.every((x) => typeof x === "number"))
    throw new Error(`${name}: expected a list of numbers`);
  return xs;
}

function sameLengths(lows: number[], highs: number[], freqs: number[], name: string) {
  if (lows.length !== highs.length || lows.length !== freqs.length || lows.length === 0) {
    throw new Error(`${name}: lows, highs and freqs must be non-empty lists of the same length`);
  }
}

function total(xs: number[]): number {
  return xs.reduce((a, b) => a + b, 0);
}

/** The helpers a `compute` expression may call, besides mathjs's own `sqrt`, `abs`, `round`, `min`, `max`, `sum`. */
export const CHECK_HELPERS = {
  /** Real roots of ax² + bx + c = 0, ascending (both, when equal); none when the discriminant is negative. */
  quadroots(a: number, b: number, c: number): number[] {
    if (a === 0) throw new Error("quadroots: a must not be 0");
    const disc = b * b - 4 * a * c;
    if (disc < 0) return [];
    const r1 = (-b - Math.sqrt(disc)) / (2 * a);
    const r2 = (-b + Math.sqrt(disc)) / (2 * a);
    return [Math.min(r1, r2), Math.max(r1, r2)];
  },
  /** x and y of a1x + b1y = c1, a2x + b2y = c2 by Cramer's rule. */
  solve2(a1: number, b1: number, c1: number, a2: number, b2: number, c2: number): number[] {
    const d = a1 * b2 - a2 * b1;
    if (d === 0) throw new Error("solve2: the determinant is 0 (no unique solution)");
    return [(c1 * b2 - c2 * b1) / d, (a1 * c2 - a2 * c1) / d];
  },
  /** n-th term of an A.P.: a + (n − 1)d. */
  apterm(a: number, d: number, n: number): number {
    return a + (n - 1) * d;
  },
  /** Sum of the first n terms of an A.P.: n/2 [2a + (n − 1)d]. */
  apsum(a: number, d: number, n: number): number {
    return (n / 2) * (2 * a + (n - 1) * d);
  },
  /** The 2×2 determinant |a b; c d| = ad − bc. */
  det2(a: number, b: number, c: number, d: number): number {
    return a * d - b * c;
  },
  mean(xs: unknown): number {
    const values = numbers(xs, "mean");
    if (values.length === 0) throw new Error("mean: empty list");
    return total(values) / values.length;
  },
  /** Mean of grouped data by class marks: Σ f·x / Σ f with x = (low + high) / 2. */
  groupedmean(lows: unknown, highs: unknown, freqs: unknown): number {
    const [l, h, f] = [numbers(lows, "groupedmean"), numbers(highs, "groupedmean"), numbers(freqs, "groupedmean")];
    sameLengths(l, h, f, "groupedmean");
    return total(f.map((fi, i) => (fi * ((l[i] ?? 0) + (h[i] ?? 0))) / 2)) / total(f);
  },
  /** Median of grouped data: L + ((n/2 − cf) / f) × h, in the first class whose cumulative frequency reaches n/2. */
  groupedmedian(lows: unknown, highs: unknown, freqs: unknown): number {
    const [l, h, f] = [
      numbers(lows, "groupedmedian"),
      numbers(highs, "groupedmedian"),
      numbers(freqs, "groupedmedian"),
    ];
    sameLengths(l, h, f, "groupedmedian");
    const n = total(f);
    let cf = 0;
    for (let i = 0; i < f.length; i++) {
      const fi = f[i] ?? 0;
      if (cf + fi >= n / 2) {
        const low = l[i] ?? 0;
        return low + ((n / 2 - cf) / fi) * ((h[i] ?? 0) - low);
      }
      cf += fi;
    }
    throw new Error("groupedmedian: no median class");
  },
  /** Mode of grouped data: L + ((f1 − f0) / (2f1 − f0 − f2)) × h, in the (first) class of highest frequency. */
  groupedmode(lows: unknown, highs: unknown, freqs: unknown): number {
    const [l, h, f] = [numbers(lows, "groupedmode"), numbers(highs, "groupedmode"), numbers(freqs, "groupedmode")];
    sameLengths(l, h, f, "groupedmode");
    const i = f.indexOf(Math.max(...f));
    const f1 = f[i] ?? 0;
    const f0 = f[i - 1] ?? 0;
    const f2 = f[i + 1] ?? 0;
    const low = l[i] ?? 0;
    return low + ((f1 - f0) / (2 * f1 - f0 - f2)) * ((h[i] ?? 0) - low);
  },
  /** Combinations: n! / (r! (n − r)!). */
  ncr(n: number, r: number): number {
    if (!Number.isInteger(n) || !Number.isInteger(r) || r < 0 || r > n)
      throw new Error("ncr: need integers 0 <= r <= n");
    let result = 1;
    for (let k = 1; k <= r; k++) result = (result * (n - r + k)) / k;
    return Math.round(result);
  },
};

math.import(CHECK_HELPERS, { override: true });

/** The value of a check's `compute` over its `given`: a number or a list of numbers. */
export function evaluateCheck(check: AnswerCheck): number | number[] {
  const scope = new Map<string, unknown>(Object.entries(check.given));
  const value: unknown = math.evaluate(check.compute, scope);
  if (typeof value === "number") return value;
  if (Array.isArray(value) && value.every((v) => typeof v === "number")) return value;
  throw new Error(`compute gave ${math.format(value)}, not a number or a list of numbers`);
}

/** Why a check's computed value differs from its `expect`, or null when they agree within `tolerance`. */
export function checkMismatch(check: AnswerCheck): string | null {
  let value: number | number[];
  try {
    value = evaluateCheck(check);
  } catch (error) {
    return `compute "${check.compute}" failed: ${error instanceof Error ? error.message : String(error)}`;
  }
  const tolerance = check.tolerance ?? 1e-9;
  const got = Array.isArray(value) ? value : [value];
  const want = Array.isArray(check.expect) ? check.expect : [check.expect];
  const agree =
    Array.isArray(value) === Array.isArray(check.expect) &&
    got.length === want.length &&
    got.every((g, i) => Math.abs(g - (want[i] ?? Number.NaN)) <= tolerance);
  if (agree) return null;
  return `compute "${check.compute}" gives ${JSON.stringify(value)}, expect is ${JSON.stringify(check.expect)} (tolerance ${tolerance})`;
}

/**
 * Whether the answer text states the number: as an integer or decimal (trailing zeros allowed), with `-` or `−`
 * for a negative, with or without thousands separators (Indian or international), or, when the literal form is
 * not there, as a mantissa times a power of ten (`3 \times 10^{8}`).
 */
export function answerStates(answer: string, value: number): boolean {
  // 14,160 and 1,20,000, 3 000 with thin spaces, TeX's 14{,}160 → digits; the original text too, for "(3,2)".
  const text = answer.replace(/(\d)(?:[,\u2009\u202f]|\{,\})(?=\d)/g, "$1");
  if (literal(value).test(text) || literal(value).test(answer)) return true;
  if (value === 0) return false;
  const exponent = Math.floor(Math.log10(Math.abs(value)));
  if (exponent === 0) return false;
  const mantissa = Number((value / 10 ** exponent).toPrecision(12));
  const sign = exponent < 0 ? "(?:-|−)\\s*" : "";
  const power = new RegExp(
    `${literal(mantissa).source}\\s*(?:\\\\times|\\\\cdot|×|x)\\s*10\\s*\\^\\s*\\{?\\s*${sign}${Math.abs(exponent)}(?![0-9])`,
  );
  return power.test(text) || power.test(answer);
}

function literal(value: number): RegExp {
  const [whole, fraction] = Number(Math.abs(value).toPrecision(12)).toString().split(".");
  const sign = value < 0 ? "(?:-|−|\\\\minus)\\s*" : "";
  const digits = fraction === undefined ? `${whole}(?:\\.0+)?` : `${whole}\\.${fraction}0*`;
  // Not part of a longer number: no digit or decimal point before, no digit or decimal digits after.
  return new RegExp(`(?<![0-9.])${sign}${digits}(?!\\.?[0-9])`);
}

/** Every item of a paper, in print order, for tests that look at items one by one. */
export function itemsOf(paper: { questions: { sections: { items: PaperItem[] }[] }[] }): PaperItem[] {
  return paper.questions.flatMap((q) => q.sections.flatMap((s) => s.items));
}
