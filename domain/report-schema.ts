/**
 * A problem report as a student sends it, checked alike by `POST /api/v1/reports` and the report page's form
 * action (both through createReport). Apart from domain/reports.ts so that zod stays out of the browser
 * (decision 005). The messages are the API's (English); each has an `api.report.*` catalog key, so the
 * Marathi page shows them translated (domain/api-messages.ts).
 */
import { z } from "zod";
import { PAPER_ID_MAX_LENGTH } from "./papers.ts";
import { REPORT_MESSAGE_MAX, REPORT_REASONS, REPORT_STATUSES } from "./reports.ts";

/** What a student can be told; each is in domain/api-messages.ts (the test beside this file checks it). */
export const REPORT_MESSAGES = {
  paperRequired: "Say which paper the report is about",
  reasonRequired: "Choose what is wrong with the paper",
  messageText: "The message must be text",
  messageLong: "The message can be at most 1,000 characters",
  noSuchPaper: "No such paper",
  /** A question on a paper that has none to choose (board and sample papers), or not one of the paper's. */
  noSuchQuestion: "This paper has no such question",
  thanks: "Thank you for telling us. We will check the paper and put it right.",
} as const;

/** The console's messages (English only, decision 012). */
export const REPORT_ADMIN_MESSAGES = {
  noSuchReport: "No such report",
  statusRequired: "status must be one of open, fixed, wont-fix",
} as const;

/** The 429's message; `api.tooManyReports` in the catalogs (a pattern in domain/api-messages.ts). */
export function tooManyReportsMessage(minutes: number): string {
  return `Too many reports in a short time. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}

/** A form gives "" for a field left empty (and the question select's "whole paper" option): not given. */
function blank(value: unknown): unknown {
  return typeof value === "string" && value.trim() === "" ? undefined : value;
}

/**
 * Browsers send a textarea's line ends as CRLF, but count them as one character against `maxlength`:
 * counted here as they are counted there, and stored with plain LF.
 */
function lineEnds(value: unknown): unknown {
  return typeof value === "string" ? value.replace(/\r\n?/g, "\n") : value;
}

export const reportInputSchema = z.object({
  paper_id: z
    .string({ error: REPORT_MESSAGES.paperRequired })
    .trim()
    .min(1, REPORT_MESSAGES.paperRequired)
    .max(PAPER_ID_MAX_LENGTH, REPORT_MESSAGES.noSuchPaper),
  reason: z.enum(REPORT_REASONS, { error: REPORT_MESSAGES.reasonRequired }),
  question: z.preprocess(
    blank,
    z.string({ error: REPORT_MESSAGES.noSuchQuestion }).trim().max(40, REPORT_MESSAGES.noSuchQuestion).optional(),
  ),
  message: z.preprocess(
    (value) => blank(lineEnds(value)),
    z
      .string({ error: REPORT_MESSAGES.messageText })
      .trim()
      .max(REPORT_MESSAGE_MAX, REPORT_MESSAGES.messageLong)
      .optional(),
  ),
});

/** `POST /api/v1/admin/reports/:id/status`. */
export const reportStatusSchema = z.object({
  status: z.enum(REPORT_STATUSES, { error: REPORT_ADMIN_MESSAGES.statusRequired }),
});

/** `GET /api/v1/admin/reports?status=`: every status when none is given. */
export const reportListQuerySchema = z.object({
  status: z.preprocess(blank, z.enum(REPORT_STATUSES, { error: REPORT_ADMIN_MESSAGES.statusRequired }).optional()),
});
