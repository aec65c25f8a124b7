/**
 * A model paper as the page shows it: every text field rendered to safe HTML by the site's one Markdown renderer
 * (with TeX maths as server-rendered MathML) and every figure inlined as sanitised SVG. The result is a plain,
 * serialisable view model (strings, numbers, arrays): the React page only places it, with
 * `dangerouslySetInnerHTML` for the `…Html` fields and the figures' `svg`.
 *
 * Fields that are one line in the paper (instructions, options, marking points) are rendered inline, with no
 * `<p>` around them; questions, passages and answers are blocks (paragraphs, lists, tables, display maths).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import {
  type Chapter,
  type ModelPaper,
  type PaperItem,
  type PaperSection,
  type SubjectSyllabus,
  splitItemNumber,
} from "../../domain/model-papers.ts";
import type { SubjectKey } from "../../domain/subjects.ts";
import { SYLLABUSES } from "../../domain/syllabus/index.ts";
import { type MathError, type MathErrorMode, renderMarkdown } from "../content/markdown.server.ts";
import { sanitizeSvg } from "./svg.server.ts";
import { printedMarks, writtenMarks } from "./validate.server.ts";

export interface FigureView {
  /** The SVG markup, sanitised for inlining (role="img", aria-label from `alt`, scales down to its container). */
  svg: string;
  alt: string;
}

export interface MarkingPointView {
  marks: number;
  pointHtml: string;
}

export interface ItemView {
  id: string;
  marks: number;
  chapter: string;
  /** The chapter's name in the syllabus (the id when the syllabus lacks it, which validation forbids). */
  chapterName: string;
  /** The item's own number when its text starts with one ("१"); else the page numbers it in order. */
  number?: string;
  textHtml: string;
  /** MCQs: the four options' HTML, printed as (A)-(D). */
  options?: string[];
  /** MCQs: the right option's letter. */
  correct?: "A" | "B" | "C" | "D";
  figure?: FigureView;
  answerHtml: string;
  answerFigure?: FigureView;
  marking: MarkingPointView[];
}

export interface SectionView {
  /** "A", "B", "A1" …; "" for a question without parts. */
  label: string;
  instructionHtml: string;
  /** Items to be written when there is a choice. */
  attempt?: number;
  /** Marks a student writes in the section (the best `attempt` items). */
  marksToWrite: number;
  /** Marks printed in the section, options included. */
  marksPrinted: number;
  passageHtml?: string;
  passageFigure?: FigureView;
  items: ItemView[];
}

export interface QuestionView {
  number: string;
  /** Plain text (a language paper's section title); escape it like any text. */
  heading?: string;
  marksToWrite: number;
  marksPrinted: number;
  sections: SectionView[];
}

export interface PaperView {
  id: string;
  subject: SubjectKey;
  title: string;
  /** The language the paper is written in (for the page's `lang`): en, mr, hi or sa. */
  language: ModelPaper["language"];
  mediums: ModelPaper["mediums"];
  pattern: string;
  marks: number;
  marksWithOptions: number;
  durationMinutes: number;
  instructionsHtml: string[];
  questions: QuestionView[];
}

export interface RenderPaperOptions {
  /** The folder the paper's figure paths (`figures/<name>.svg`) are relative to: `content/papers/<subject>`. */
  figuresDir: string;
  /** The subject's syllabus, for chapter names; defaults to `domain/syllabus`. */
  syllabus?: SubjectSyllabus;
  /**
   * TeX that temml cannot render: "fallback" (default) prints the TeX escaped and reports it through
   * `onMathError`; "throw" throws a MathError naming the paper and the item (the content tests use it).
   */
  mathErrors?: MathErrorMode;
  /** Told of each TeX snippet that fell back, with where it is (`math-1-model-1 q2a1 answer`). */
  onMathError?: (error: MathError, where: string) => void;
}

function warnMathError(error: MathError, where: string): void {
  console.warn(`model paper ${where}: ${error.message}`);
}

/** The page's view of one paper. Reads the paper's figure files; everything else is pure. */
export function renderPaperHtml(paper: ModelPaper, options: RenderPaperOptions): PaperView {
  const syllabus = options.syllabus ?? SYLLABUSES[paper.subject];
  const chapterNames = new Map(syllabus?.chapters.map((chapter) => [chapter.id, chapterName(paper, chapter)]));
  const mathErrors = options.mathErrors ?? "fallback";
  const onMathError = options.onMathError ?? warnMathError;

  const html = (source: string, where: string, inline = false): string => {
    try {
      return renderMarkdown(source, {
        math: true,
        inline,
        mathErrors,
        onMathError: (error) => onMathError(error, `${paper.id} ${where}`),
      });
    } catch (error) {
      if (error instanceof Error) error.message = `model paper ${paper.id} ${where}: ${error.message}`;
      throw error;
    }
  };

  const figure = (file: string | undefined, alt: string | undefined, idPrefix: string): FigureView | undefined => {
    if (!file) return undefined;
    const description = alt ?? "";
    const svg = sanitizeSvg(readFigure(options.figuresDir, file), { alt: description, idPrefix });
    return { svg, alt: description };
  };

  const item = (source: PaperItem): ItemView => {
    const own = splitItemNumber(source.text);
    return {
      id: source.id,
      ...(own.number !== null && { number: own.number }),
      marks: source.marks,
      chapter: source.chapter,
      chapterName: chapterNames.get(source.chapter) ?? source.chapter,
      textHtml: html(own.text, `${source.id} text`),
      ...(source.options && {
        options: source.options.map((option, i) => html(option, `${source.id} option ${"ABCD"[i] ?? i + 1}`, true)),
      }),
      ...(source.correct && { correct: source.correct }),
      ...optional("figure", figure(source.figure, source.figureAlt, `${paper.id}-${source.id}-figure`)),
      answerHtml: html(source.answer, `${source.id} answer`),
      ...optional(
        "answerFigure",
        figure(source.answerFigure, source.answerFigureAlt, `${paper.id}-${source.id}-answer-figure`),
      ),
      marking: source.marking.map((point, i) => ({
        marks: point.marks,
        pointHtml: html(point.point, `${source.id} marking point ${i + 1}`, true),
      })),
    };
  };

  const section = (source: PaperSection, number: string): SectionView => {
    const where = `question ${number}${source.label ? ` (${source.label})` : ""}`;
    const passageFigureId = `${paper.id}-q${number}${source.label}-passage-figure`;
    return {
      label: source.label,
      instructionHtml: html(source.instruction, `${where} instruction`, true),
      ...(source.attempt !== undefined && { attempt: source.attempt }),
      marksToWrite: writtenMarks(source),
      marksPrinted: printedMarks(source),
      ...(source.passage !== undefined && { passageHtml: html(source.passage, `${where} passage`) }),
      ...optional("passageFigure", figure(source.passageFigure, source.passageFigureAlt, passageFigureId)),
      items: source.items.map(item),
    };
  };

  return {
    id: paper.id,
    subject: paper.subject,
    title: paper.title,
    language: paper.language,
    mediums: [...paper.mediums],
    pattern: paper.pattern,
    marks: paper.marks,
    marksWithOptions: paper.marksWithOptions,
    durationMinutes: paper.durationMinutes,
    instructionsHtml: paper.instructions.map((line, i) => html(line, `instruction ${i + 1}`, true)),
    questions: paper.questions.map((question) => {
      const sections = question.sections.map((s) => section(s, question.number));
      return {
        number: question.number,
        ...(question.heading !== undefined && { heading: question.heading }),
        marksToWrite: sum(sections.map((s) => s.marksToWrite)),
        marksPrinted: sum(sections.map((s) => s.marksPrinted)),
        sections,
      };
    }),
  };
}

/** A chapter's name as the paper's readers know it: the Marathi-medium textbook's for a Marathi-medium paper. */
export function chapterName(paper: Pick<ModelPaper, "language">, chapter: Chapter): string {
  return paper.language === "mr" && chapter.nameMr ? chapter.nameMr : chapter.name;
}

/** The chapters a paper's items come from, named as in the syllabus and in the syllabus's order. */
export function chaptersCovered(paper: ModelPaper, syllabus: SubjectSyllabus): string[] {
  const used = new Set(paper.questions.flatMap((q) => q.sections.flatMap((s) => s.items.map((i) => i.chapter))));
  return syllabus.chapters.filter((chapter) => used.has(chapter.id)).map((chapter) => chapterName(paper, chapter));
}

/**
 * A figure file's markup. The path must stay inside `figuresDir` (the validator allows only
 * `figures/<name>.svg`; this holds whatever the paper says).
 */
function readFigure(figuresDir: string, file: string): string {
  const root = path.resolve(figuresDir);
  const full = path.resolve(root, file);
  if (!full.startsWith(root + path.sep) || !full.endsWith(".svg")) {
    throw new Error(`figure ${file} is not an .svg file inside ${figuresDir}`);
  }
  return readFileSync(full, "utf8");
}

/** `{ [key]: value }` when there is a value, else nothing: optional fields stay absent, not `undefined`. */
function optional<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
}

function sum(values: number[]): number {
  return values.reduce((total, value) => total + value, 0);
}
