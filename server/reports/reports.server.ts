/**
 * "Report a problem" (issue 15): anyone, signed in or not, may report a problem with an official, sample or
 * model paper; admins work through the reports in the console. The API (routes.server.ts), the report page's
 * form action and the console's pages all call these functions.
 */
import { randomUUID } from "node:crypto";
import { and, count, desc, eq, inArray, isNull } from "drizzle-orm";
import type { CatalogueKind } from "../../domain/admin.ts";
import { EXAM_SESSIONS, type ExamSession } from "../../domain/catalog.ts";
import { type ModelPaper, splitItemNumber } from "../../domain/model-papers.ts";
import {
  REPORT_ADMIN_MESSAGES,
  REPORT_MESSAGES,
  reportInputSchema,
  tooManyReportsMessage,
} from "../../domain/report-schema.ts";
import { questionLabel, type ReportReason, type ReportRow, type ReportStatus } from "../../domain/reports.ts";
import { isSubjectKey, type SubjectKey } from "../../domain/subjects.ts";
import { boardPaperUrl, slotTitle } from "../admin/catalogue.server.ts";
import { writeAudit } from "../admin/audit.server.ts";
import type { AdminUser } from "../admin/auth.server.ts";
import type { Db } from "../db/client.server.ts";
import { papers, problemReports } from "../db/schema.ts";
import { parseBody } from "../http/body.server.ts";
import { tooManyRequests } from "../http/rate-limit.server.ts";
import { HttpError } from "../http/respond.server.ts";
import { findModelPaper, getModelPapers, isModelPaperRetired, modelPaperPath } from "../model-papers/catalog.server.ts";
import type { Services } from "../services.server.ts";

/**
 * How many reports one address and one account may send. Enough for a student who finds several problems
 * in an evening, few enough that a script cannot bury the inbox. Many students share an address (a school's
 * network, a mobile carrier's NAT), so the address's window is short.
 */
export const REPORT_LIMITS = {
  perAddress: { max: 5, windowMs: 10 * 60 * 1000 },
  perAccount: { max: 10, windowMs: 60 * 60 * 1000 },
} as const;

/** The longest inbox list the console is sent (newest first): the open count is exact regardless. */
const LIST_MAX = 1000;

/** A paper a student can report, as the report page shows it. */
export interface ReportablePaper {
  id: string;
  kind: CatalogueKind;
  subject: SubjectKey;
  /** Board and sample papers: the exam's year and session; null for model papers. */
  year: number | null;
  session: ExamSession | null;
  /** Model papers: the paper's own title and the language it is written in. */
  title: string | null;
  language: ModelPaper["language"] | null;
  /** The page where students see it (English path; pages add the language). */
  publicUrl: string;
  /**
   * Model papers: the questions a report may name, in the paper's order, by item id (`q2a1`, the id of the
   * item's element on the paper page, which a link may name) and label (`Q2(A)(1)`, what a report stores);
   * null for other papers.
   */
  questions: PaperQuestionRef[] | null;
}

const isSession = (value: string): value is ExamSession => (EXAM_SESSIONS as readonly string[]).includes(value);

/** What a report needs of a board or sample paper: its title and its link. */
const boardPaperColumns = {
  id: papers.id,
  subject: papers.subject,
  year: papers.year,
  session: papers.session,
  mediums: papers.mediums,
  official: papers.official,
};

export interface PaperQuestionRef {
  /** The item's id in the paper (`q2a1`). */
  id: string;
  /** `Q2(A)(1)`: what a report stores. */
  label: string;
  /** Its parts, for the page to print in its language: question "2", section "A" ("" if none), item "1". */
  question: string;
  section: string;
  item: string;
}

/** Every question of a model paper as a report names it (`Q2(A)(1)`), numbered as the page numbers them. */
function modelPaperQuestions(paper: Pick<ModelPaper, "questions">): PaperQuestionRef[] {
  return paper.questions.flatMap((question) =>
    question.sections.flatMap((section) =>
      section.items.map((item, index) => {
        const number = splitItemNumber(item.text).number ?? String(index + 1);
        return {
          id: item.id,
          label: questionLabel(question.number, section.label, number),
          question: question.number,
          section: section.label,
          item: number,
        };
      }),
    ),
  );
}

const labelCache = new WeakMap<ModelPaper, PaperQuestionRef[]>();

function labelsOf(paper: ModelPaper): PaperQuestionRef[] {
  let labels = labelCache.get(paper);
  if (!labels) {
    labels = modelPaperQuestions(paper);
    labelCache.set(paper, labels);
  }
  return labels;
}

/**
 * The paper a report may be about: a live official or sample paper, or a model paper that is not retired.
 * Null for anything else (unknown, or retired by an admin: students no longer see it).
 */
export async function findReportablePaper(
  services: Pick<Services, "database">,
  id: string,
): Promise<ReportablePaper | null> {
  const model = findModelPaper(id);
  if (model) {
    if (await isModelPaperRetired(services, id)) return null;
    return {
      id,
      kind: "model",
      subject: model.subject,
      year: null,
      session: null,
      title: model.title,
      language: model.language,
      publicUrl: modelPaperPath(model),
      questions: labelsOf(model),
    };
  }
  const [row] = await services.database.db
    .select(boardPaperColumns)
    .from(papers)
    .where(and(eq(papers.id, id), isNull(papers.retiredAt)))
    .limit(1);
  if (!row || !isSubjectKey(row.subject)) return null;
  return {
    id: row.id,
    kind: row.official ? "official" : "sample",
    subject: row.subject,
    year: row.year,
    session: isSession(row.session) ? row.session : "march",
    title: null,
    language: null,
    publicUrl: boardPaperUrl(row),
    questions: null,
  };
}

async function checkReportLimits(services: Pick<Services, "rateLimiter">, ip: string, userId: string | null) {
  const { perAddress, perAccount } = REPORT_LIMITS;
  const limits: { key: string; max: number; windowMs: number }[] = [{ key: `report:ip:${ip}`, ...perAddress }];
  if (userId) limits.push({ key: `report:user:${userId}`, ...perAccount });
  const hits = await Promise.all(
    limits.map(async (limit) => ({ ...limit, ...(await services.rateLimiter.hit(limit.key, limit.windowMs)) })),
  );
  const over = hits.filter((hit) => hit.count > hit.max);
  if (over.length === 0) return;
  // The longest wait of the limits it is over: trying sooner would be refused by that one.
  const retryAfter = Math.max(...over.map((hit) => hit.retryAfter));
  throw tooManyRequests(retryAfter, (seconds) => tooManyReportsMessage(Math.max(1, Math.ceil(seconds / 60))));
}

/**
 * Checks and stores one report. `input` is what the student sent (a JSON body or the form's fields): a 400
 * names the field at fault, a 404 an unknown paper, a 429 a sender over the limits. Answers the new report's
 * id only: nothing the student typed is sent back.
 */
export async function createReport(
  services: Pick<Services, "database" | "rateLimiter" | "log">,
  { input, userId, ip }: { input: unknown; userId: string | null; ip: string },
): Promise<{ id: string }> {
  const report = parseBody(reportInputSchema, input);
  const paper = await findReportablePaper(services, report.paper_id);
  if (!paper) throw new HttpError(404, REPORT_MESSAGES.noSuchPaper, { errors: { paper_id: REPORT_MESSAGES.noSuchPaper } });
  // Only model papers have questions to name (board and sample papers are PDFs), and only their own.
  if (report.question !== undefined && !paper.questions?.some((q) => q.label === report.question)) {
    throw new HttpError(400, `question: ${REPORT_MESSAGES.noSuchQuestion}`, {
      errors: { question: REPORT_MESSAGES.noSuchQuestion },
    });
  }
  // Counted only for reports that would be stored: a student correcting a mistake in the form loses nothing.
  await checkReportLimits(services, ip, userId);
  const id = randomUUID();
  await services.database.db.insert(problemReports).values({
    id,
    paperId: paper.id,
    reason: report.reason,
    question: report.question ?? null,
    message: report.message ?? null,
    userId,
  });
  services.log.info({ reportId: id, paperId: paper.id, reason: report.reason }, "problem report");
  return { id };
}

type ReportRecord = typeof problemReports.$inferSelect;

/** The console's view of stored reports, with each paper's title and links (one query for board papers). */
async function toRows(services: Pick<Services, "database">, records: ReportRecord[]): Promise<ReportRow[]> {
  const ids = [...new Set(records.map((record) => record.paperId))];
  if (ids.length === 0) return [];
  const known = new Map<string, { title: string; kind: CatalogueKind; publicUrl: string }>();
  // Model papers come from content/papers, as the console's catalogue names them; retired ones included.
  for (const id of ids) {
    const model = findModelPaper(id);
    if (model) known.set(id, { title: model.title, kind: "model", publicUrl: modelPaperPath(model) });
  }
  const boardIds = ids.filter((id) => !known.has(id));
  const boardRows = boardIds.length
    ? await services.database.db
        .select(boardPaperColumns)
        .from(papers)
        .where(inArray(papers.id, boardIds))
    : [];
  for (const row of boardRows) {
    known.set(row.id, {
      title: slotTitle(row),
      kind: row.official ? "official" : "sample",
      publicUrl: boardPaperUrl(row),
    });
  }
  return records.map((record) => {
    const paper = known.get(record.paperId);
    return {
      id: record.id,
      paperId: record.paperId,
      paperTitle: paper?.title ?? record.paperId,
      paperKind: paper?.kind ?? null,
      publicUrl: paper?.publicUrl ?? "/",
      adminUrl: `/admin/papers/${encodeURIComponent(record.paperId)}`,
      reason: record.reason as ReportReason,
      question: record.question,
      message: record.message,
      status: record.status as ReportStatus,
      createdAt: record.createdAt.toISOString(),
      updatedAt: record.updatedAt.toISOString(),
      reporter: record.userId ? "signed in" : "anonymous",
    };
  });
}

/** The inbox, newest first: one status, or every report. */
export async function listReports(
  services: Pick<Services, "database">,
  filter: { status?: ReportStatus | undefined } = {},
): Promise<ReportRow[]> {
  const records = await services.database.db
    .select()
    .from(problemReports)
    .where(filter.status ? eq(problemReports.status, filter.status) : undefined)
    .orderBy(desc(problemReports.createdAt), desc(problemReports.id))
    .limit(LIST_MAX);
  return toRows(services, records);
}

/** Moves a report to a status, with its audit row in the same transaction; the same status changes nothing. */
export async function setReportStatus(
  services: Pick<Services, "database" | "log">,
  admin: AdminUser,
  id: string,
  status: ReportStatus,
): Promise<ReportRow> {
  const record = await services.database.db.transaction(async (tx) => {
    // Locked, so that two admins changing one report at once each see the status the other left.
    const [before] = await tx.select().from(problemReports).where(eq(problemReports.id, id)).for("update");
    if (!before) throw new HttpError(404, REPORT_ADMIN_MESSAGES.noSuchReport);
    if (before.status === status) return before;
    const [after] = await tx
      .update(problemReports)
      .set({ status, updatedAt: new Date() })
      .where(eq(problemReports.id, id))
      .returning();
    await writeAudit(tx as unknown as Db, admin, {
      action: "report.status",
      paperId: before.paperId,
      before: { report: id, status: before.status },
      after: { report: id, status },
    });
    return after ?? before;
  });
  services.log.info({ adminId: admin.id, reportId: id, status }, "admin change");
  const [row] = await toRows(services, [record]);
  if (!row) throw new HttpError(404, REPORT_ADMIN_MESSAGES.noSuchReport);
  return row;
}

/** Open reports, for the console's header. */
export async function openReportCount(services: Pick<Services, "database">): Promise<number> {
  const [row] = await services.database.db
    .select({ n: count() })
    .from(problemReports)
    .where(eq(problemReports.status, "open"));
  return Number(row?.n ?? 0);
}
