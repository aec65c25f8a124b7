/** Question-paper vocabulary shared by the get-question API, the import CLI and the UI. */
import { z } from "zod";
import {
  DEFAULT_MEDIUM,
  DEFAULT_STANDARD,
  type ExamSession,
  MEDIUMS,
  type Medium,
  SESSION_LABELS,
  STANDARDS,
} from "./catalog.ts";
import { SUBJECT_KEYS, SUBJECTS, type SubjectKey, subjectByKey } from "./subjects.ts";
import { fieldErrors } from "./validation.ts";

/** Language papers are the same in every medium, so one file serves all three. */
export function isLanguageSubject(subject: SubjectKey): boolean {
  return subjectByKey(subject).language;
}

/** Paper ids are URL path segments: lower-case words joined by single hyphens, nothing else. */
export const PAPER_ID_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const PAPER_ID_MAX_LENGTH = 100;

export function isPaperId(value: string): boolean {
  return value.length <= PAPER_ID_MAX_LENGTH && PAPER_ID_PATTERN.test(value);
}

export type PaperFileKind = "question" | "solution";

export function paperFileUrl(id: string, kind: PaperFileKind): string {
  return `/papers/${id}/${kind}.pdf`;
}

/** The address of a paper file's first-page image (decision 033): beside its PDF. */
export function paperPreviewUrl(id: string, kind: PaperFileKind): string {
  return `/papers/${id}/${kind}.webp`;
}

/** A first-page image with its size in pixels, so that a page can reserve its box before it arrives. */
export interface PaperPreview {
  url: string;
  width: number;
  height: number;
}

/** `Maharashtra-SSC-2023-March-Algebra-Question-Paper.pdf`: readable in a downloads folder. */
export function paperFileName(paper: { subject: SubjectKey; year: number; session: ExamSession }, kind: PaperFileKind) {
  const session = SESSION_LABELS[paper.session];
  const what = kind === "question" ? "Question-Paper" : "Solution";
  return `Maharashtra-SSC-${paper.year}-${session}-${subjectByKey(paper.subject).fileLabel}-${what}.pdf`;
}

/** `PaperStation-Algebra-Model-Paper-1-Solution.pdf` for `math-1-model-1`. */
export function modelPaperFileName(id: string, kind: PaperFileKind): string {
  const what = kind === "question" ? "Question-Paper" : "Solution";
  // A made paper (issue 25 §3): `<slug>-made-<seed>-<avoid>[-mr]`, named by its seed.
  const made = /^(.*)-made-(\d+)-\d+(?:-mr)?$/.exec(id);
  if (made) {
    const subject = SUBJECTS.find((s) => s.slug === made[1]);
    return `PaperStation-${subject?.fileLabel ?? made[1]}-Mixed-Paper-${made[2]}-${what}.pdf`;
  }
  const [, slug = id, n = ""] = /^(.*)-model-(\d+)$/.exec(id) ?? [];
  const subject = SUBJECTS.find((s) => s.slug === slug);
  return `PaperStation-${subject?.fileLabel ?? slug}-Model-Paper-${n}-${what}.pdf`;
}

const STANDARD_KEYS = STANDARDS.map((s) => s.key);

function allowed(values: readonly (string | number)[]): string {
  return values.join(", ");
}

function described(input: unknown): string {
  if (Array.isArray(input)) return "(given more than once)";
  if (typeof input === "string" || typeof input === "number") return `"${String(input).slice(0, 40)}"`;
  return "";
}

/** A query string gives `""` for `?medium=`: treat it as not given, as the spec's client may send it. */
function blankToUndefined(value: unknown): unknown {
  return value === "" ? undefined : value;
}

/** `GET /api/v1/get-question` query (spec §7). Every message lists the allowed values. */
const GetQuestionQuerySchema = z.object({
  subject: z.preprocess(
    blankToUndefined,
    z.enum(SUBJECT_KEYS, {
      error: (issue) =>
        issue.input === undefined
          ? `subject is required; allowed values: ${allowed(SUBJECT_KEYS)}`
          : `Unknown subject ${described(issue.input)}; allowed values: ${allowed(SUBJECT_KEYS)}`,
    }),
  ),
  medium: z.preprocess(
    blankToUndefined,
    z
      .enum(MEDIUMS, {
        error: (issue) => `Unknown medium ${described(issue.input)}; allowed values: ${allowed(MEDIUMS)}`,
      })
      .default(DEFAULT_MEDIUM),
  ),
  standard: z.preprocess(
    (value) => {
      const v = blankToUndefined(value);
      return typeof v === "string" && /^\d{1,3}$/.test(v) ? Number(v) : v;
    },
    z
      .literal(STANDARD_KEYS, {
        error: (issue) => `Unknown standard ${described(issue.input)}; allowed values: ${allowed(STANDARD_KEYS)}`,
      })
      .default(DEFAULT_STANDARD),
  ),
});

export type GetQuestionQuery = z.output<typeof GetQuestionQuerySchema>;

/** Parsed query, or one message naming every bad parameter plus a message per field. */
export function parseGetQuestionQuery(
  query: Record<string, unknown>,
):
  | { ok: true; query: { subject: SubjectKey; medium: Medium; standard: GetQuestionQuery["standard"] } }
  | { ok: false; message: string; errors: Record<string, string> } {
  const result = GetQuestionQuerySchema.safeParse(query);
  if (result.success) return { ok: true, query: result.data };
  const errors = fieldErrors(result.error, "query");
  return { ok: false, message: Object.values(errors).join(". "), errors };
}
