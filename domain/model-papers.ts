/**
 * The shape of PaperStation's own model papers: each subject's syllabus (chapters) and board blueprint, and
 * the paper files under `content/papers/<subject_key>/` that follow them. The data for each subject lives in
 * `domain/syllabus/<subject_key>.ts`, one place per subject, so a correction to a pattern is one edit.
 * The paper file format is described for writers in `content/papers/README.md`.
 */
import type { Medium } from "./catalog.ts";
import type { SubjectKey } from "./subjects.ts";

/** A chapter of the state textbook in use since 2018. `weight` is its share of the paper's marks with options. */
export interface Chapter {
  /** Stable tag used by questions: lower-case words joined by hyphens (`quadratic-equations`). */
  id: string;
  /** Chapter name as in the textbook of the paper's language. */
  name: string;
  /**
   * Non-language subjects: the chapter's name in the Marathi-medium textbook, shown with the subject's
   * Marathi-medium papers. Required for every chapter a Marathi-medium paper uses.
   */
  nameMr?: string;
  /** Marks with options this chapter usually carries in one paper (blueprints' totals, or an even share). */
  weight: number;
}

/**
 * One lettered part of a board question: "Q.2 (A) Complete any two activities (2 marks each)".
 * Either every item carries `marksEach` (then exactly `of` items are printed and `attempt` are to be written),
 * or the items carry their own marks and `marks` / `marksWithOptions` give the totals (passage activities).
 */
export interface BlueprintSection {
  /** "A", "B", "A1" …; "" when the question has no lettered parts. */
  label: string;
  /** What the section asks for, as the board words it (in the paper's language). */
  kind: string;
  /** Items printed. Omitted where a passage's activity count varies from paper to paper. */
  of?: number;
  /** Items to be written (equal to `of` when there is no choice). */
  attempt?: number;
  /** Marks of every item, when all are equal. */
  marksEach?: number;
  /** Marks to be written for the section, when items carry their own marks. */
  marks?: number;
  /** Marks printed in the section, options included, when items carry their own marks. */
  marksWithOptions?: number;
  /** Half marks can be awarded within an item (used by self-marking in practice). */
  halfMarks?: boolean;
}

export interface BlueprintQuestion {
  /** The board's question number as printed: "1", "2" … */
  number: string;
  /** Optional heading printed above the question (a section title in language papers: "विभाग 1: गद्य"). */
  heading?: string;
  sections: BlueprintSection[];
}

export interface Blueprint {
  subject: SubjectKey;
  /** Name of the pattern followed, printed on the paper: "Board pattern 2024-2026". */
  pattern: string;
  marks: number;
  marksWithOptions: number;
  durationMinutes: number;
  /** Where `board-patterns.md` says "inferred" or "unknown", what was inferred and from what. */
  inferred?: string;
  questions: BlueprintQuestion[];
}

export interface SubjectSyllabus {
  subject: SubjectKey;
  /** Language the subject's papers are written in: "en", "mr", "hi" or "sa". */
  language: "en" | "mr" | "hi" | "sa";
  chapters: Chapter[];
  blueprint: Blueprint;
}

/** A computed-answer check: `compute` is evaluated by the test from `given`, independently of the answer. */
export interface AnswerCheck {
  given: Record<string, number | number[]>;
  /** Expression over `given` (see content/papers/README.md for the functions allowed). */
  compute: string;
  expect: number | number[];
  /** Absolute tolerance; default 1e-9 (use it for rounded answers: 0.005 for two decimals). */
  tolerance?: number;
}

export interface MarkingPoint {
  marks: number;
  point: string;
}

export interface PaperItem {
  id: string;
  marks: number;
  chapter: string;
  text: string;
  options?: string[];
  correct?: "A" | "B" | "C" | "D";
  figure?: string;
  figureAlt?: string;
  answer: string;
  answerFigure?: string;
  answerFigureAlt?: string;
  marking: MarkingPoint[];
  check?: AnswerCheck;
}

export interface PaperSection {
  label: string;
  instruction: string;
  attempt?: number;
  passage?: string;
  passageFigure?: string;
  passageFigureAlt?: string;
  items: PaperItem[];
}

export interface PaperQuestion {
  number: string;
  heading?: string;
  sections: PaperSection[];
}

export interface ModelPaper {
  id: string;
  subject: SubjectKey;
  mediums: Medium[];
  language: SubjectSyllabus["language"];
  title: string;
  pattern: string;
  marks: number;
  marksWithOptions: number;
  durationMinutes: number;
  instructions: string[];
  questions: PaperQuestion[];
}

/**
 * Some language papers number their items in the text, as the board prints them ("(१) …"). The pages show that
 * number in the item's number column instead of printing a second one.
 */
export function splitItemNumber(text: string): { number: string | null; text: string } {
  const match = /^\s*\(([०-९0-9]{1,2})\)\s*/.exec(text);
  return match?.[1] ? { number: match[1], text: text.slice(match[0].length) } : { number: null, text };
}
