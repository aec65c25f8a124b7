/**
 * The zod schema of a model-paper file (`content/papers/<subject_key>/<paper-id>.yaml`), the format described in
 * `content/papers/README.md` with the types of `domain/model-papers.ts`. Every object is strict, so a misspelt key
 * (`answerFigureAlt` written `answerFigAlt`) is an error rather than a silently ignored field.
 */
import { z } from "zod";
import { MEDIUMS } from "../../domain/catalog.ts";
import type { ModelPaper } from "../../domain/model-papers.ts";
import { SUBJECT_KEYS } from "../../domain/subjects.ts";

const text = z.string().trim().min(1, "must not be empty");
const marks = z.number().positive("must be positive");

const checkSchema = z.strictObject({
  given: z.record(z.string(), z.union([z.number(), z.array(z.number())])),
  compute: text,
  expect: z.union([z.number(), z.array(z.number()).min(1)]),
  tolerance: z.number().nonnegative().optional(),
});

const markingPointSchema = z.strictObject({ marks, point: text });

const itemSchema = z.strictObject({
  id: text,
  marks,
  chapter: text,
  text,
  options: z.array(text).optional(),
  correct: z.enum(["A", "B", "C", "D"]).optional(),
  figure: text.optional(),
  figureAlt: text.optional(),
  answer: text,
  answerFigure: text.optional(),
  answerFigureAlt: text.optional(),
  marking: z.array(markingPointSchema).min(1, "needs at least one marking point"),
  check: checkSchema.optional(),
});

const sectionSchema = z.strictObject({
  label: z.string(),
  instruction: text,
  attempt: z.number().int().positive().optional(),
  passage: text.optional(),
  passageFigure: text.optional(),
  passageFigureAlt: text.optional(),
  items: z.array(itemSchema).min(1, "needs at least one item"),
});

const questionSchema = z.strictObject({
  number: text,
  heading: text.optional(),
  sections: z.array(sectionSchema).min(1, "needs at least one section"),
});

const paperSchema = z.strictObject({
  id: text,
  subject: z.enum(SUBJECT_KEYS),
  mediums: z.array(z.enum(MEDIUMS)).min(1),
  language: z.enum(["en", "mr", "hi", "sa"]),
  title: text,
  pattern: text,
  marks,
  marksWithOptions: marks,
  durationMinutes: z.number().int().positive(),
  instructions: z.array(text),
  questions: z.array(questionSchema).min(1),
}) satisfies z.ZodType<ModelPaper>;

/**
 * Parses raw YAML data into a paper, or lists what is wrong. Each message names where: the item id when the
 * problem is inside an item (`q2b3: marking.1.marks: ...`), else the question or section (`question 2 (A): attempt`)
 * or the paper's field (`durationMinutes: ...`).
 */
export function parsePaper(raw: unknown): { paper: ModelPaper; problems: [] } | { paper: null; problems: string[] } {
  const result = paperSchema.safeParse(raw);
  if (result.success) return { paper: result.data, problems: [] };
  return { paper: null, problems: result.error.issues.map((issue) => describeIssue(raw, issue)) };
}

function describeIssue(raw: unknown, issue: z.core.$ZodIssue): string {
  const path = issue.path.map(String);
  const rest = (from: number) => (path.length > from ? `: ${path.slice(from).join(".")}` : "");
  let where = path.join(".") || "(paper)";
  if (path[0] === "questions" && path.length >= 2) {
    const question = `question ${numberAt(raw, path[1])}`;
    if (path[2] !== "sections" || path.length < 4) where = `${question}${rest(2)}`;
    else {
      const label = at(raw, path.slice(0, 4).concat("label"));
      const section = typeof label === "string" ? (label === "" ? question : `${question} (${label})`) : question;
      if (path[4] !== "items" || path.length < 6) where = `${section}${rest(4)}`;
      else where = `${itemIdAt(raw, path.slice(0, 6)) ?? `${section} item ${Number(path[5]) + 1}`}${rest(6)}`;
    }
  }
  return `${where}: ${issue.message}`;
}

function at(raw: unknown, path: string[]): unknown {
  let value = raw;
  for (const key of path) {
    if (value === null || typeof value !== "object") return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

function itemIdAt(raw: unknown, path: string[]): string | undefined {
  const id = at(raw, [...path, "id"]);
  return typeof id === "string" && id !== "" ? id : undefined;
}

function numberAt(raw: unknown, index: string | undefined): string {
  const number = index === undefined ? undefined : at(raw, ["questions", index, "number"]);
  return typeof number === "string" || typeof number === "number" ? String(number) : `#${Number(index) + 1}`;
}
