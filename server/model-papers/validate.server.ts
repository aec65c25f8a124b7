/**
 * The rules a model paper must follow beyond its file's shape (which `schema.server.ts` checks): its blueprint's
 * structure and totals, its syllabus's chapters, complete items (text, answer, marking points that add up), MCQs,
 * figures, and a rough chapter coverage. Pure: the only outside knowledge, whether a figure file exists, is passed
 * in, so tests can run it on fixtures.
 *
 * Every message names where the problem is: the item id (`q2b3: ...`), the section (`question 2 (B): ...`) or
 * the paper. Errors fail the content tests; warnings are printed for the writers but do not fail.
 */

import type {
  BlueprintSection,
  ModelPaper,
  PaperItem,
  PaperSection,
  SubjectSyllabus,
} from "../../domain/model-papers.ts";
import { isLanguageSubject, PAPER_ID_PATTERN } from "../../domain/papers.ts";
import { findGiveAways } from "./give-aways.server.ts";
import { parseMadeId } from "./made.server.ts";

export interface ValidateOptions {
  /** Whether a figure path as written in the paper (`figures/<name>.svg`, relative to the paper's folder) exists. */
  figureExists(path: string): boolean;
}

export interface PaperReport {
  errors: string[];
  warnings: string[];
}

/** A paper's problems (errors only): an empty list means the paper can be published. */
export function validatePaper(paper: ModelPaper, syllabus: SubjectSyllabus, options: ValidateOptions): string[] {
  return checkPaper(paper, syllabus, options).errors;
}

/** Marks a student writes in a section: the best `attempt` items (all items when there is no choice). */
export function writtenMarks(section: Pick<PaperSection, "attempt" | "items">): number {
  const marks = section.items.map((item) => item.marks).sort((a, b) => b - a);
  return sum(marks.slice(0, section.attempt ?? marks.length));
}

/** Marks printed in a section, options included. */
export function printedMarks(section: Pick<PaperSection, "items">): number {
  return sum(section.items.map((item) => item.marks));
}

/** The paper's totals as its sections add up: marks to be written and marks printed. */
export function paperTotals(paper: Pick<ModelPaper, "questions">): { marks: number; marksWithOptions: number } {
  const sections = paper.questions.flatMap((q) => q.sections);
  return { marks: sum(sections.map(writtenMarks)), marksWithOptions: sum(sections.map(printedMarks)) };
}

/** Figure paths are `figures/<name>.svg`, relative to the paper's folder. */
export const FIGURE_PATH_PATTERN = /^figures\/[A-Za-z0-9][A-Za-z0-9._-]*\.svg$/;

/**
 * Words by which a question refers to a figure, in the four languages. "figure of speech", "pie diagram" (the
 * statistics topic) and "figure out" are not references; nor are चित्रकार, चित्रकला, चित्रपट, चित्रण (painter,
 * painting, film, depiction).
 */
const FIGURE_WORD = /\b(?:figures?|diagrams?)\b|आकृती|आकृति|चित्र(?!कार|कला|पट|ण|कथा)/i;
const NOT_A_FIGURE = /\bfigures? of speech\b|\bpie[- ]diagrams?\b|\bfigured? out\b/gi;

/**
 * "Complete the diagram" (आकृती पूर्ण करा, आकृति पूर्ण कीजिए), the language papers' graphic-organiser activity, needs
 * no figure when the text lays out the organiser's boxes or blanks itself (`$\boxed{\phantom{00}}$`, `..........`).
 */
const COMPLETE_THE_DIAGRAM = /(?:आकृती|आकृति)\s*(?:पूर्ण|पूरी)\s*(?:करा|कीजिए|करें|कुरुत)|\bcomplete the (?:diagram|figure)\b/gi;
const DRAWN_IN_TEXT = /\\boxed|\.{4,}|_{4,}/;

export function mentionsFigure(text: string): boolean {
  let rest = text.replace(NOT_A_FIGURE, "");
  if (DRAWN_IN_TEXT.test(rest)) rest = rest.replace(COMPLETE_THE_DIAGRAM, "");
  return FIGURE_WORD.test(rest);
}

export function checkPaper(paper: ModelPaper, syllabus: SubjectSyllabus, options: ValidateOptions): PaperReport {
  const errors: string[] = [];
  const warnings: string[] = [];
  const blueprint = syllabus.blueprint;

  // The paper as a whole.
  if (paper.subject !== syllabus.subject) errors.push(`subject is ${paper.subject}, syllabus is ${syllabus.subject}`);
  // A non-language subject's paper is written in English or, for the Marathi medium, in Marathi; that version's
  // id ends in -mr so that both versions of "model 1" sit side by side.
  const marathiMedium = !isLanguageSubject(paper.subject) && syllabus.language === "en" && paper.language === "mr";
  if (paper.language !== syllabus.language && !marathiMedium) {
    errors.push(`language is ${paper.language}, the subject's papers are written in ${syllabus.language}`);
  }
  const slug = paper.subject.replaceAll("_", "-");
  const idRule = marathiMedium ? `${slug}-model-<n>-mr` : `${slug}-model-<n>`;
  const idPattern = new RegExp(`^${slug}-model-[1-9][0-9]*${marathiMedium ? "-mr" : ""}$`);
  // A made paper (issue 25 §3) has its own id form, checked by parseMadeId; its subject and medium must agree.
  const made = parseMadeId(paper.id);
  const madeFits = made !== null && made.subject === paper.subject && made.marathi === marathiMedium;
  if (!madeFits && (!PAPER_ID_PATTERN.test(paper.id) || !idPattern.test(paper.id))) {
    errors.push(`id ${paper.id} must be ${idRule}`);
  }
  if (marathiMedium) {
    if (!paper.mediums.includes("marathi")) errors.push("a Marathi-medium paper must list the marathi medium");
    if (paper.mediums.includes("english")) errors.push("a paper written in Marathi cannot serve the english medium");
  }
  for (const [field, expected] of [
    ["pattern", blueprint.pattern],
    ["marks", blueprint.marks],
    ["marksWithOptions", blueprint.marksWithOptions],
    ["durationMinutes", blueprint.durationMinutes],
  ] as const) {
    if (paper[field] !== expected) errors.push(`${field} is ${paper[field]}, the blueprint's is ${expected}`);
  }
  if (new Set(paper.mediums).size !== paper.mediums.length) errors.push("mediums lists a medium twice");
  if (isLanguageSubject(paper.subject)) {
    if (paper.mediums.length !== 3)
      warnings.push("a language paper serves all three mediums: [english, marathi, semi_english]");
  } else if (paper.language === "en" && paper.mediums.includes("marathi")) {
    errors.push("a paper written in English cannot serve the marathi medium");
  }
  if (paper.instructions.length === 0) warnings.push("no general instructions");

  // Structure against the blueprint, question by question and section by section.
  if (paper.questions.length !== blueprint.questions.length) {
    errors.push(`${paper.questions.length} questions, the blueprint has ${blueprint.questions.length}`);
  }
  paper.questions.forEach((question, qi) => {
    const bq = blueprint.questions[qi];
    if (!bq) {
      errors.push(`question ${question.number}: not in the blueprint`);
      return;
    }
    if (question.number !== bq.number) {
      errors.push(
        `question ${question.number}: numbered ${question.number}, the blueprint's question ${qi + 1} is ${bq.number}`,
      );
    }
    if (bq.heading !== undefined && question.heading !== bq.heading) {
      warnings.push(
        `question ${question.number}: heading ${JSON.stringify(question.heading ?? "")}, the blueprint's is ${JSON.stringify(bq.heading)}`,
      );
    }
    if (question.sections.length !== bq.sections.length) {
      errors.push(
        `question ${question.number}: ${question.sections.length} sections (${labels(question.sections)}), the blueprint has ${bq.sections.length} (${labels(bq.sections)})`,
      );
    }
    question.sections.forEach((section, si) => {
      const where = sectionName(question.number, section.label);
      const bs = bq.sections[si];
      if (!bs) {
        errors.push(`${where}: not in the blueprint`);
        return;
      }
      if (section.label !== bs.label) {
        errors.push(
          `${where}: labelled ${JSON.stringify(section.label)}, the blueprint's section ${si + 1} is ${JSON.stringify(bs.label)}`,
        );
      }
      checkSection(section, bs, where, errors, warnings);
    });
  });

  // Totals, with and without options, against the blueprint and the paper's own front matter.
  const totals = paperTotals(paper);
  if (totals.marks !== blueprint.marks || totals.marks !== paper.marks) {
    errors.push(
      `the marks to be written add up to ${totals.marks}; the blueprint says ${blueprint.marks}, the paper ${paper.marks}`,
    );
  }
  if (totals.marksWithOptions !== blueprint.marksWithOptions || totals.marksWithOptions !== paper.marksWithOptions) {
    errors.push(
      `the marks printed (with options) add up to ${totals.marksWithOptions}; the blueprint says ${blueprint.marksWithOptions}, the paper ${paper.marksWithOptions}`,
    );
  }

  // Items.
  const chapters = new Set(syllabus.chapters.map((c) => c.id));
  const seen = new Map<string, string>();
  paper.questions.forEach((question, qi) => {
    question.sections.forEach((section, si) => {
      const where = sectionName(question.number, section.label);
      const bs = blueprint.questions[qi]?.sections[si];
      checkFigure(section.passageFigure, section.passageFigureAlt, "passageFigure", where, options, errors);
      const anyFigure = section.passageFigure || section.items.some((i) => i.figure || i.answerFigure);
      // Only the instruction: a passage is a story or an article, where "picture" is just a word.
      if (mentionsFigure(section.instruction) && !anyFigure) {
        errors.push(`${where}: the instruction mentions a figure but the section has none`);
      }
      for (const item of section.items) {
        const firstAt = seen.get(item.id);
        if (firstAt !== undefined) errors.push(`${item.id}: duplicate item id (also in ${firstAt})`);
        else seen.set(item.id, where);
        checkItem(item, section, bs, question.number, chapters, options, errors, warnings);
      }
    });
  });

  // Coverage: every heavy chapter (10% of the marks with options or more) appears; the others should.
  const used = new Set(paper.questions.flatMap((q) => q.sections.flatMap((s) => s.items.map((i) => i.chapter))));
  if (marathiMedium) {
    for (const chapter of syllabus.chapters) {
      if (used.has(chapter.id) && !chapter.nameMr) {
        errors.push(`chapter ${chapter.id} has no nameMr in domain/syllabus/${paper.subject}.ts`);
      }
    }
  }
  for (const chapter of syllabus.chapters) {
    if (used.has(chapter.id)) continue;
    if (chapter.weight >= 0.1 * blueprint.marksWithOptions) {
      errors.push(
        `coverage: chapter ${chapter.id} (weight ${chapter.weight} of ${blueprint.marksWithOptions}) has no item`,
      );
    } else {
      warnings.push(`coverage: chapter ${chapter.id} (weight ${chapter.weight}) has no item`);
    }
  }

  // A computed answer printed in another item (issue 25).
  const giveAways = findGiveAways(paper);
  errors.push(...giveAways.errors);
  warnings.push(...giveAways.warnings);
  return { errors, warnings };
}

function checkSection(
  section: PaperSection,
  bs: BlueprintSection,
  where: string,
  errors: string[],
  warnings: string[],
) {
  const count = section.items.length;
  if (bs.of !== undefined && count !== bs.of) errors.push(`${where}: ${count} items, the blueprint prints ${bs.of}`);
  const attempt = bs.attempt ?? bs.of;
  if (section.attempt !== undefined && section.attempt > count) {
    errors.push(`${where}: attempt ${section.attempt} but only ${count} items`);
  }
  if (attempt !== undefined) {
    if (section.attempt !== undefined && section.attempt !== attempt) {
      errors.push(`${where}: attempt ${section.attempt}, the blueprint says ${attempt}`);
    } else if (section.attempt === undefined && attempt < count) {
      errors.push(`${where}: a choice section needs attempt: ${attempt}`);
    }
  }
  if (bs.marksEach !== undefined) {
    for (const item of section.items) {
      if (item.marks !== bs.marksEach) {
        errors.push(`${item.id}: ${item.marks} marks, the blueprint gives ${bs.marksEach} to each item of ${where}`);
      }
    }
  }
  if (bs.marksWithOptions !== undefined && printedMarks(section) !== bs.marksWithOptions) {
    errors.push(
      `${where}: items add up to ${printedMarks(section)} marks printed, the blueprint says ${bs.marksWithOptions}`,
    );
  }
  if (bs.marks !== undefined && writtenMarks(section) !== bs.marks) {
    errors.push(`${where}: the marks to be written add up to ${writtenMarks(section)}, the blueprint says ${bs.marks}`);
  }
  if (bs.marksEach === undefined && bs.marks === undefined && bs.marksWithOptions === undefined) {
    warnings.push(`${where}: the blueprint gives no marks for this section`);
  }
}

function checkItem(
  item: PaperItem,
  section: PaperSection,
  bs: BlueprintSection | undefined,
  questionNumber: string,
  chapters: Set<string>,
  options: ValidateOptions,
  errors: string[],
  warnings: string[],
) {
  const id = item.id;
  if (!/^[a-z][a-z0-9]*$/.test(id))
    errors.push(`${id}: item ids are lower-case letters and digits (q<number><label><n>)`);
  else if (!id.startsWith(`q${questionNumber}`))
    warnings.push(`${id}: in question ${questionNumber}, expected an id starting q${questionNumber}`);
  if (!chapters.has(item.chapter)) errors.push(`${id}: unknown chapter ${item.chapter}`);
  if (!isHalfStep(item.marks)) errors.push(`${id}: ${item.marks} marks is not a multiple of 0.5`);
  if (item.text.trim() === "") errors.push(`${id}: no question text`);
  if (item.answer.trim() === "") errors.push(`${id}: no answer`);

  // Marking points add up to the item's marks, in half marks.
  if (item.marking.length === 0) errors.push(`${id}: no marking points`);
  const marking = sum(item.marking.map((m) => m.marks));
  if (marking !== item.marks) errors.push(`${id}: marking points add up to ${marking}, item has ${item.marks} marks`);
  for (const point of item.marking) {
    if (!isHalfStep(point.marks))
      errors.push(`${id}: marking point "${point.point}" has ${point.marks} marks, not a multiple of 0.5`);
  }
  if (bs && !bs.halfMarks && item.marking.some((m) => !Number.isInteger(m.marks))) {
    warnings.push(`${id}: half-mark marking points in a section the blueprint marks in whole marks`);
  }

  // MCQs: four options and the right letter, which the answer must not contradict.
  if (item.options !== undefined || item.correct !== undefined) {
    if (item.options === undefined) errors.push(`${id}: correct given but no options`);
    else if (item.options.length !== 4) errors.push(`${id}: MCQ has ${item.options.length} options, needs exactly 4`);
    if (item.correct === undefined) errors.push(`${id}: MCQ without correct (the right option's letter)`);
    else {
      const stated = /^\s*\(([A-D])\)/.exec(item.answer)?.[1];
      const option = item.options?.["ABCD".indexOf(item.correct)];
      if (stated !== undefined && stated !== item.correct) {
        errors.push(`${id}: correct is ${item.correct} but the answer starts (${stated})`);
      } else if (stated === undefined && option !== undefined && !normalize(item.answer).includes(normalize(option))) {
        warnings.push(`${id}: the answer neither starts (${item.correct}) nor contains option ${item.correct}'s text`);
      }
    }
  }

  // Figures exist, have alt text, and a question that mentions a figure has one.
  checkFigure(item.figure, item.figureAlt, "figure", id, options, errors);
  checkFigure(item.answerFigure, item.answerFigureAlt, "answerFigure", id, options, errors);
  if (mentionsFigure(item.text) && !item.figure && !item.answerFigure && !section.passageFigure) {
    errors.push(`${id}: the question mentions a figure but neither the item nor its section has one`);
  }
}

function checkFigure(
  path: string | undefined,
  alt: string | undefined,
  field: "figure" | "answerFigure" | "passageFigure",
  where: string,
  options: ValidateOptions,
  errors: string[],
) {
  if (path === undefined) {
    if (alt !== undefined) errors.push(`${where}: ${field}Alt without ${field}`);
    return;
  }
  if (!FIGURE_PATH_PATTERN.test(path)) errors.push(`${where}: ${field} ${path} must be figures/<name>.svg`);
  else if (!options.figureExists(path)) errors.push(`${where}: ${field} ${path} does not exist`);
  if (alt === undefined || alt.trim() === "") errors.push(`${where}: ${field} ${path} has no ${field}Alt text`);
}

function sectionName(number: string, label: string): string {
  return label === "" ? `question ${number}` : `question ${number} (${label})`;
}

function labels(sections: readonly { label: string }[]): string {
  return sections.map((s) => JSON.stringify(s.label)).join(", ");
}

function isHalfStep(n: number): boolean {
  return n > 0 && Number.isInteger(n * 2);
}

/** Sums of half marks are exact in binary floating point, so totals can be compared with `===`. */
function sum(values: readonly number[]): number {
  return values.reduce((a, b) => a + b, 0);
}

/** For finding an option's text in an answer: no Markdown emphasis, TeX delimiters, case or spacing. */
function normalize(text: string): string {
  return text
    .replace(/[*$_`]/g, "")
    .replace(/\s+/g, " ")
    .trim()
    .toLowerCase();
}
