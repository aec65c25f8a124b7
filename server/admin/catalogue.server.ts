/**
 * The console's catalogue (issue 15): every official, sample and model paper with its files, an upload
 * into a slot, and retiring or restoring a paper. Each change and its audit row are one transaction.
 */
import { and, asc, desc, eq, isNotNull, isNull, type SQL, sql } from "drizzle-orm";
import type { CatalogueFile, CatalogueFilter, CatalogueRow, UploadOutcome, UploadSlot } from "../../domain/admin.ts";
import { MEDIUMS, SESSION_LABELS } from "../../domain/catalog.ts";
import { isSubjectKey, SUBJECT_KEYS, type SubjectKey, subjectByKey, subjectPath } from "../../domain/subjects.ts";
import type { Db } from "../db/client.server.ts";
import { modelPapers, papers, users } from "../db/schema.ts";
import { enforceLimit } from "../http/rate-limit.server.ts";
import { HttpError } from "../http/respond.server.ts";
import { modelPaperPath } from "../model-papers/catalog.server.ts";
import { type PaperSlot, paperId, type StoredPdf } from "../papers/catalog.server.ts";
import { applyEntry, type CheckedFile, checkFile, type SlotEntry } from "../papers/import.server.ts";
import { storePaperFile } from "../papers/previews.server.ts";
import type { Services } from "../services.server.ts";
import { writeAudit } from "./audit.server.ts";
import type { AdminUser } from "./auth.server.ts";
import { afterCatalogueChange } from "./changes.server.ts";
import type { UploadedFile, UploadField } from "./upload.server.ts";

type PaperRecord = typeof papers.$inferSelect;
type ModelPaperRecord = typeof modelPapers.$inferSelect;

/** Changes an admin may make in ten minutes: far more than a busy afternoon of uploads, few enough to stop a script. */
export const ADMIN_WRITES_PER_WINDOW = 120;
export const ADMIN_WRITE_WINDOW_MS = 10 * 60 * 1000;

export function adminRateLimitKey(admin: Pick<AdminUser, "id">): string {
  return `admin:writes:${admin.id}`;
}

/** Counts one change by this admin; a 429 with Retry-After once they are over the limit. */
export function checkAdminRateLimit(services: Pick<Services, "rateLimiter">, admin: AdminUser): Promise<void> {
  return enforceLimit(
    services.rateLimiter,
    adminRateLimitKey(admin),
    ADMIN_WRITES_PER_WINDOW,
    ADMIN_WRITE_WINDOW_MS,
    (s) => {
      const minutes = Math.max(1, Math.ceil(s / 60));
      return `Too many changes in a short time. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`;
    },
  );
}

const subjectOrder = (key: string) => SUBJECT_KEYS.indexOf(key as SubjectKey);

/** "Mathematics 1 2024 March": what the console calls a board paper or sample. */
/** The subject page with the viewer open on this board or sample paper, in a medium it serves. */
export function boardPaperUrl(paper: { id: string; subject: string; mediums: string[] }): string {
  if (!isSubjectKey(paper.subject)) return "/";
  const medium = MEDIUMS.find((m) => paper.mediums.includes(m)) ?? MEDIUMS[0];
  return `${subjectPath(subjectByKey(paper.subject))}?${new URLSearchParams({ medium, paper: paper.id })}`;
}

export function slotTitle(slot: { subject: string; year: number; session: string }): string {
  const name = isSubjectKey(slot.subject) ? subjectByKey(slot.subject).name : slot.subject;
  const session = slot.session === "july" ? SESSION_LABELS.july : SESSION_LABELS.march;
  return `${name} ${slot.year} ${session}`;
}

/** Sizes from the store, each file asked once however many rows name it. */
function sizer(services: Pick<Services, "paperStore">) {
  const sizes = new Map<string, Promise<number>>();
  return (sha256: string): Promise<number> => {
    let size = sizes.get(sha256);
    if (!size) {
      size = services.paperStore.stat(sha256).then((file) => file?.size ?? 0);
      sizes.set(sha256, size);
    }
    return size;
  };
}

type Stored = Pick<
  PaperRecord | ModelPaperRecord,
  "mediums" | "retiredAt" | "questionSha256" | "questionPages" | "solutionSha256" | "solutionPages" | "updatedAt"
>;

/** What every kind of paper's row says alike: its mediums, state, files and last change. */
async function storedFields(
  size: (sha256: string) => Promise<number>,
  paper: Stored,
  who: { name: string | null; email: string | null },
) {
  const fileOf = async (sha256: string | null, pages: number | null): Promise<CatalogueFile | null> =>
    sha256 ? { sha256, size: await size(sha256), pages: pages ?? 0 } : null;
  return {
    mediums: paper.mediums,
    retired: paper.retiredAt !== null,
    question: await fileOf(paper.questionSha256, paper.questionPages),
    solution: await fileOf(paper.solutionSha256, paper.solutionPages),
    updatedAt: paper.updatedAt.toISOString(),
    updatedBy: who.name !== null && who.email !== null ? { name: who.name, email: who.email } : null,
  };
}

async function paperRows(
  services: Pick<Services, "database" | "paperStore">,
  where: SQL | undefined,
): Promise<CatalogueRow[]> {
  const rows = await services.database.db
    .select({ paper: papers, name: users.name, email: users.email })
    .from(papers)
    .leftJoin(users, eq(users.id, papers.updatedBy))
    .where(where)
    .orderBy(desc(papers.year), sql`case ${papers.session} when 'march' then 0 else 1 end`, asc(papers.id));
  const size = sizer(services);
  return Promise.all(
    rows.map(async ({ paper, ...who }): Promise<CatalogueRow> => {
      return {
        id: paper.id,
        kind: paper.official ? "official" : "sample",
        subject: paper.subject,
        title: slotTitle(paper),
        year: paper.year,
        session: paper.session === "july" ? "july" : "march",
        ...(await storedFields(size, paper, who)),
        publicUrl: boardPaperUrl(paper),
      };
    }),
  );
}

async function modelRows(
  services: Pick<Services, "database" | "paperStore">,
  where: SQL | undefined,
): Promise<CatalogueRow[]> {
  const rows = await services.database.db
    .select({ paper: modelPapers, name: users.name, email: users.email })
    .from(modelPapers)
    .leftJoin(users, eq(users.id, modelPapers.updatedBy))
    .where(where)
    .orderBy(asc(modelPapers.id));
  const size = sizer(services);
  return Promise.all(
    rows.map(
      async ({ paper, ...who }): Promise<CatalogueRow> => ({
        id: paper.id,
        kind: "model",
        subject: paper.subject,
        title: paper.title,
        year: null,
        session: null,
        ...(await storedFields(size, paper, who)),
        publicUrl: isSubjectKey(paper.subject) ? modelPaperPath({ id: paper.id, subject: paper.subject }) : "/",
      }),
    ),
  );
}

/** The catalogue by subject (the site's order), then year (newest first; model papers last), then id. */
export async function listCatalogue(
  services: Pick<Services, "database" | "paperStore">,
  filter: CatalogueFilter = {},
): Promise<CatalogueRow[]> {
  const { subject, medium, year, kind, status } = filter;
  const wanted: CatalogueRow[] = [];
  if (kind !== "model") {
    wanted.push(
      ...(await paperRows(
        services,
        and(
          subject ? eq(papers.subject, subject) : undefined,
          medium ? sql`${medium} = any(${papers.mediums})` : undefined,
          year ? eq(papers.year, year) : undefined,
          kind ? eq(papers.official, kind === "official") : undefined,
          status ? (status === "retired" ? isNotNull(papers.retiredAt) : isNull(papers.retiredAt)) : undefined,
        ),
      )),
    );
  }
  // Model papers have no exam year: a year filter leaves them out.
  if ((kind === undefined || kind === "model") && year === undefined) {
    wanted.push(
      ...(await modelRows(
        services,
        and(
          subject ? eq(modelPapers.subject, subject) : undefined,
          medium ? sql`${medium} = any(${modelPapers.mediums})` : undefined,
          status
            ? status === "retired"
              ? isNotNull(modelPapers.retiredAt)
              : isNull(modelPapers.retiredAt)
            : undefined,
        ),
      )),
    );
  }
  // A stable sort keeps each subject's query order: years newest first, then the model papers.
  return wanted.sort((a, b) => subjectOrder(a.subject) - subjectOrder(b.subject));
}

export async function getCataloguePaper(
  services: Pick<Services, "database" | "paperStore">,
  id: string,
): Promise<CatalogueRow | null> {
  const [paper] = await paperRows(services, eq(papers.id, id));
  if (paper) return paper;
  const [model] = await modelRows(services, eq(modelPapers.id, id));
  return model ?? null;
}

async function mustGet(services: Pick<Services, "database" | "paperStore">, id: string): Promise<CatalogueRow> {
  const row = await getCataloguePaper(services, id);
  if (!row) throw new HttpError(404, "No such paper");
  return row;
}

/** What the audit log keeps of a paper: the fields an admin can change, or that tell two versions apart. */
export function paperAuditFields(row: PaperRecord | ModelPaperRecord | null) {
  if (!row) return null;
  return {
    mediums: row.mediums,
    official: "official" in row ? row.official : false,
    question: { sha256: row.questionSha256, pages: row.questionPages },
    solution: row.solutionSha256 ? { sha256: row.solutionSha256, pages: row.solutionPages } : null,
    retired: row.retiredAt !== null,
  };
}

/** Hides a paper from students (listings, PDFs, its page and practice); its files and history stay. */
export function retirePaper(services: Services, admin: AdminUser, id: string): Promise<CatalogueRow> {
  return setRetired(services, admin, id, true);
}

/** Shows a retired paper to students again. */
export function restorePaper(services: Services, admin: AdminUser, id: string): Promise<CatalogueRow> {
  return setRetired(services, admin, id, false);
}

async function setRetired(services: Services, admin: AdminUser, id: string, retire: boolean): Promise<CatalogueRow> {
  const action = retire ? "paper.retire" : "paper.restore";
  await services.database.db.transaction(async (tx) => {
    const now = new Date();
    const values = { retiredAt: retire ? now : null, updatedBy: admin.id, updatedAt: now };
    // Locked, so that two admins pressing Retire at once get one change and one 409.
    const [paper] = await tx.select().from(papers).where(eq(papers.id, id)).for("update");
    const [model] = paper ? [] : await tx.select().from(modelPapers).where(eq(modelPapers.id, id)).for("update");
    const before = paper ?? model;
    if (!before) throw new HttpError(404, "No such paper");
    if ((before.retiredAt !== null) === retire) {
      throw new HttpError(409, retire ? "The paper is already retired" : "The paper is not retired");
    }
    const [after] = paper
      ? await tx.update(papers).set(values).where(eq(papers.id, id)).returning()
      : await tx.update(modelPapers).set(values).where(eq(modelPapers.id, id)).returning();
    await writeAudit(tx as unknown as Db, admin, {
      action,
      paperId: id,
      before: paperAuditFields(before),
      after: paperAuditFields(after ?? null),
    });
  });
  afterCatalogueChange(services);
  services.log.info({ adminId: admin.id, paperId: id, action }, "admin change");
  return mustGet(services, id);
}

/** The slot a new paper's upload names (its fields, checked by uploadSlotSchema). */
export function uploadEntry(slot: UploadSlot): SlotEntry {
  const paperSlot: PaperSlot = { standard: 10, subject: slot.subject, year: slot.year, session: slot.session };
  return { slot: paperSlot, mediums: slot.medium === "all" ? [...MEDIUMS] : [slot.medium] };
}

/**
 * The slot an existing paper fills, for a file replacement; checked before the upload is read, so a
 * wrong id costs the admin no 50 MB transfer.
 */
export async function slotOfPaper(services: Pick<Services, "database">, id: string): Promise<SlotEntry> {
  const { db } = services.database;
  const [paper] = await db.select().from(papers).where(eq(papers.id, id)).limit(1);
  if (!paper) {
    const [model] = await db.select({ id: modelPapers.id }).from(modelPapers).where(eq(modelPapers.id, id)).limit(1);
    if (model) {
      throw new HttpError(400, "Model papers are typeset from content/papers: change the source file instead.");
    }
    throw new HttpError(404, "No such paper");
  }
  const subject = paper.subject;
  if (!isSubjectKey(subject) || (paper.session !== "march" && paper.session !== "july")) {
    throw new HttpError(409, "This paper's slot is not one the console knows");
  }
  return {
    slot: { standard: 10, subject, year: paper.year, session: paper.session },
    mediums: MEDIUMS.filter((m) => paper.mediums.includes(m)),
  };
}

function refused(field: UploadField, reason: string): HttpError {
  return new HttpError(400, `${field}: ${reason}`, { errors: { [field]: reason } });
}

/** The same checks as the import CLI (server/papers/import.server.ts), on each uploaded file. */
async function checkUploads(files: Partial<Record<UploadField, UploadedFile>>) {
  const checked: Partial<Record<UploadField, CheckedFile>> = {};
  for (const field of ["question", "solution"] as const) {
    const file = files[field];
    if (!file) continue;
    const result = await checkFile(file.path, field);
    if ("reason" in result) throw refused(field, result.reason);
    checked[field] = result;
  }
  if (checked.question && checked.solution && checked.question.sha256 === checked.solution.sha256) {
    throw refused("solution", "the solution is the same file as the question");
  }
  return checked;
}

const NEEDS_QUESTION = "a solution needs its question: send the question file too";

/** An official paper's files stay when an upload replaces only the other one. */
function keptFile(row: PaperRecord | undefined, field: UploadField): StoredPdf | undefined {
  if (!row?.official) return undefined;
  if (field === "question") return { sha256: row.questionSha256, pages: row.questionPages };
  return row.solutionSha256 && row.solutionPages !== null
    ? { sha256: row.solutionSha256, pages: row.solutionPages }
    : undefined;
}

/**
 * Puts uploaded PDFs into a slot with the import CLI's rules: the paper's id follows from the slot, and
 * whatever served those mediums before (a sample, an earlier import) gives them up. A file not sent is
 * kept from the official paper already there; a solution without any question is refused. Files are
 * stored first, then the rows and their audit entries change in one transaction: on any failure the
 * catalogue is as it was (a stored file no row names is never served).
 */
export async function uploadPaper(
  services: Services,
  admin: AdminUser,
  target: SlotEntry,
  files: Partial<Record<UploadField, UploadedFile>>,
): Promise<{ paper: CatalogueRow; outcome: UploadOutcome }> {
  if (!files.question && !files.solution) {
    throw new HttpError(400, "Send a question and/or a solution PDF (file fields question, solution)");
  }
  const id = paperId(target.slot, target.mediums);
  const { db } = services.database;
  const existingNow = async (tx: Db) => (await tx.select().from(papers).where(eq(papers.id, id)).limit(1))[0];
  if (!files.question && !keptFile(await existingNow(db), "question")) throw refused("solution", NEEDS_QUESTION);

  const checked = await checkUploads(files);
  for (const file of Object.values(checked))
    await storePaperFile(services.paperStore, file.bytes, { log: services.log });

  const outcome = await db.transaction(async (tx) => {
    const existing = await existingNow(tx as unknown as Db);
    const question = checked.question ?? keptFile(existing, "question");
    // Checked again inside the transaction: the question may have gone since the first look.
    if (!question) throw refused("solution", NEEDS_QUESTION);
    const solution = checked.solution ?? keptFile(existing, "solution");
    const applied = await applyEntry(tx as unknown as Db, target, question, solution, {
      file: Object.values(files)[0]?.filename ?? "",
      updatedBy: admin.id,
    });
    for (const change of applied.changes) {
      await writeAudit(tx as unknown as Db, admin, {
        action: change.id === id && !change.before ? "paper.upload" : "paper.replace",
        paperId: change.id,
        before: paperAuditFields(change.before),
        after: paperAuditFields(change.after),
      });
    }
    return applied.outcome;
  });
  if (outcome !== "unchanged") afterCatalogueChange(services);
  services.log.info({ adminId: admin.id, paperId: id, outcome }, "admin upload");
  return { paper: await mustGet(services, id), outcome };
}
