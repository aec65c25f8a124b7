/**
 * "Report a problem" (issue 15): the reasons a student can give, the statuses an admin moves a report through,
 * and how a model paper's questions are named. No dependencies: the report form, the model paper page and the
 * console import it, so it may end up in the pages' shared chunk (the zod schema is in domain/report-schema.ts,
 * for the server only, as decision 005 keeps zod out of the browser).
 */

/** Wrong paper or year; pages missing or unreadable; a mistake in a solution; something else. */
export const REPORT_REASONS = ["wrong-paper", "pages", "solution", "other"] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_STATUSES = ["open", "fixed", "wont-fix"] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** The longest message a report may carry, in characters (after trimming, line ends counted as one). */
export const REPORT_MESSAGE_MAX = 1000;

/**
 * A model paper's question as a report names it, as the page prints it: question 2, part (A), item (1) is
 * `Q2(A)(1)`; a question without lettered parts leaves the part out (`Q4(2)`).
 */
export function questionLabel(question: string, section: string, item: string | number): string {
  return `Q${question}${section ? `(${section})` : ""}(${item})`;
}

/** What the console and the API show of one report (`GET /api/v1/admin/reports`). */
export interface ReportRow {
  id: string;
  paperId: string;
  /** "Mathematics 1 2024 March", or the model paper's title; the id when the paper is gone. */
  paperTitle: string;
  /** Null when the paper no longer exists in the catalogue. */
  paperKind: "official" | "sample" | "model" | null;
  /** The page where students see the paper. */
  publicUrl: string;
  /** The paper's page in the console. */
  adminUrl: string;
  reason: ReportReason;
  question: string | null;
  /** As the student typed it: escape it wherever it is shown. */
  message: string | null;
  status: ReportStatus;
  createdAt: string;
  updatedAt: string;
  reporter: "anonymous" | "signed in";
}
