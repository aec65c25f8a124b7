/**
 * The admin console's shared vocabulary (issue 15): the shapes its API returns and the zod schemas that
 * check what an admin sends, used alike by the API (server/admin/*) and the console's forms. The console
 * is in English only (decision 012), so these messages are too.
 */
import { z } from "zod";
import { EXAM_SESSIONS, FIRST_CATALOGUE_YEAR, isCatalogueYear, MEDIUMS } from "./catalog.ts";
import { SUBJECT_KEYS } from "./subjects.ts";

export const CATALOGUE_KINDS = ["official", "sample", "model"] as const;
export type CatalogueKind = (typeof CATALOGUE_KINDS)[number];
export const CATALOGUE_STATUSES = ["live", "retired"] as const;

/** A stored PDF as the console shows it. */
export interface CatalogueFile {
  sha256: string;
  /** Bytes in the store; 0 when the store has lost the file (the console should show that). */
  size: number;
  pages: number;
}

/** One paper in the console's catalogue: an official or sample paper, or one of PaperStation's model papers. */
export interface CatalogueRow {
  id: string;
  kind: CatalogueKind;
  subject: string;
  /** "Mathematics 1 2024 March", or the model paper's title. */
  title: string;
  year: number | null;
  session: "march" | "july" | null;
  mediums: string[];
  retired: boolean;
  question: CatalogueFile | null;
  solution: CatalogueFile | null;
  updatedAt: string;
  updatedBy: { name: string; email: string } | null;
  /** The page where students see it. */
  publicUrl: string;
}

export type UploadOutcome = "imported" | "replaced" | "unchanged";

export interface YearNoteRow {
  id: number;
  year: number;
  /** Null: every subject. */
  subjects: string[] | null;
  text: string;
  textMr: string | null;
  updatedAt: string;
  updatedBy: { name: string; email: string } | null;
}

export interface AuditRow {
  id: number;
  at: string;
  admin: { id: string | null; email: string; name: string | null };
  action: string;
  paperId: string | null;
  before: unknown;
  after: unknown;
}

/** A query string or form gives "" for a field left empty: read it as not given. */
function blank(value: unknown): unknown {
  return value === "" ? undefined : value;
}

/** Form fields and query strings are text: "2024" is read as the number. */
function numeric(value: unknown): unknown {
  return typeof value === "string" && /^\s*\d{1,6}\s*$/.test(value) ? Number(value) : value;
}

function oneOf(values: readonly string[]) {
  return `one of ${values.join(", ")}`;
}

const subject = z.enum(SUBJECT_KEYS, { error: `subject must be ${oneOf(SUBJECT_KEYS)}` });
const catalogueYear = z.preprocess(
  numeric,
  z
    .number({ error: "year must be a number" })
    .refine(
      (year) => isCatalogueYear(year),
      `year must be from ${FIRST_CATALOGUE_YEAR} to the current year (${new Date().getFullYear()})`,
    ),
);

/** `GET /api/v1/admin/papers` and the catalogue page's filters; every field is optional. */
export const catalogueFilterSchema = z.object({
  subject: z.preprocess(blank, subject.optional()),
  medium: z.preprocess(blank, z.enum(MEDIUMS, { error: `medium must be ${oneOf(MEDIUMS)}` }).optional()),
  year: z.preprocess(blank, catalogueYear.optional()),
  kind: z.preprocess(blank, z.enum(CATALOGUE_KINDS, { error: `kind must be ${oneOf(CATALOGUE_KINDS)}` }).optional()),
  status: z.preprocess(
    blank,
    z.enum(CATALOGUE_STATUSES, { error: `status must be ${oneOf(CATALOGUE_STATUSES)}` }).optional(),
  ),
});
export type CatalogueFilter = z.output<typeof catalogueFilterSchema>;

export const UPLOAD_MEDIUMS = ["all", ...MEDIUMS] as const;

/** The fields of a new paper's upload (multipart, sent before the files): which slot the files fill. */
export const uploadSlotSchema = z.object({
  subject: z.preprocess(blank, subject),
  year: z.preprocess(blank, catalogueYear),
  session: z.preprocess(blank, z.enum(EXAM_SESSIONS, { error: `session must be ${oneOf(EXAM_SESSIONS)}` })),
  medium: z.preprocess(blank, z.enum(UPLOAD_MEDIUMS, { error: `medium must be ${oneOf(UPLOAD_MEDIUMS)}` })),
});
export type UploadSlot = z.output<typeof uploadSlotSchema>;

/** The file parts an upload may carry. */
export const UPLOAD_FILE_FIELDS = ["question", "solution"] as const;

export const YEAR_NOTE_MAX = 500;

/**
 * A year note as an admin writes it. `subjects` null (or none ticked) means every subject; `textMr` is
 * what the Marathi pages show, the English text when it is empty.
 */
export const yearNoteInputSchema = z.object({
  year: catalogueYear,
  subjects: z.preprocess(
    (value) => (value === undefined || value === "" || (Array.isArray(value) && value.length === 0) ? null : value),
    z
      .array(subject, { error: "subjects must be a list of subject keys, or null for every subject" })
      .max(SUBJECT_KEYS.length)
      .refine((keys) => new Set(keys).size === keys.length, "subjects must not repeat a subject")
      .nullable(),
  ),
  text: z
    .string({ error: "text is required" })
    .trim()
    .min(1, "text is required")
    .max(YEAR_NOTE_MAX, `text must be at most ${YEAR_NOTE_MAX} characters`),
  textMr: z.preprocess(
    (value) => (value === undefined || (typeof value === "string" && value.trim() === "") ? null : value),
    z
      .string({ error: "textMr must be text" })
      .trim()
      .max(YEAR_NOTE_MAX, `textMr must be at most ${YEAR_NOTE_MAX} characters`)
      .nullable(),
  ),
});
export type YearNoteInput = z.output<typeof yearNoteInputSchema>;

export const AUDIT_PAGE_SIZE = 50;

/** `GET /api/v1/admin/audit` and the audit page's filters; `before` is the id to page back from. */
export const auditQuerySchema = z.object({
  paper: z.preprocess(blank, z.string().max(100, "paper must be at most 100 characters").optional()),
  admin: z.preprocess(blank, z.string().max(100, "admin must be at most 100 characters").optional()),
  before: z.preprocess(
    (value) => numeric(blank(value)),
    z.number({ error: "before must be a number" }).int().positive().optional(),
  ),
});
