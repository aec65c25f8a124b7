import { and, asc, desc, eq, isNull, sql } from "drizzle-orm";
import { type ExamSession, MEDIUMS, type Medium, type Standard } from "../../domain/catalog.ts";
import {
  modelPaperFileName,
  type PaperFileKind,
  type PaperPreview,
  paperFileName,
  paperFileUrl,
  paperPreviewUrl,
} from "../../domain/papers.ts";
import { type SubjectKey, subjectByKey } from "../../domain/subjects.ts";
import { createCache } from "../cache/cache.server.ts";
import type { Database } from "../db/client.server.ts";
import { modelPapers, papers } from "../db/schema.ts";
import type { Services } from "../services.server.ts";
import type { PaperStore } from "./store.server.ts";

/** One paper in the get-question listing (spec §7), shared by the API and the subject page loader. */
export interface PaperListItem {
  id: string;
  session: "march" | "july";
  official: boolean;
  marks: number;
  duration_minutes: number;
  /** Same-origin, e.g. `/papers/<id>/question.pdf`. */
  question_url: string;
  /** Empty string when there is no solution ("Solution Coming Soon"). */
  solution_url: string;
  /** The question's first page as an image with its size (decision 033); null while it has none. */
  question_preview: PaperPreview | null;
  solution_preview: PaperPreview | null;
}

export interface YearGroup {
  year: number;
  papers: PaperListItem[];
}

/** A paper's place in the catalogue; an imported file replaces whatever served the same slot. */
export interface PaperSlot {
  standard: Standard;
  subject: SubjectKey;
  year: number;
  session: ExamSession;
}

/**
 * Derived from the slot alone, so the same paper keeps its URL across restarts and re-imports:
 * `math-1-2023-march-semi-english`, or `english-2023-july-all` for a file serving every medium.
 * Standard 10 is the only one today and is left out to keep URLs short; others get a prefix.
 */
export function paperId(slot: PaperSlot, mediums: readonly Medium[]): string {
  const mediumPart = MEDIUMS.every((m) => mediums.includes(m))
    ? "all"
    : MEDIUMS.filter((m) => mediums.includes(m))
        .map((m) => m.replaceAll("_", "-"))
        .join("-");
  const prefix = slot.standard === 10 ? "" : `std${slot.standard}-`;
  return `${prefix}${subjectByKey(slot.subject).slug}-${slot.year}-${slot.session}-${mediumPart}`;
}

/** A stored PDF as the catalogue names it. */
export interface StoredPdf {
  sha256: string;
  pages: number;
}

/**
 * The catalogue row for a paper in a slot: marks and duration from the subject's usual pattern, the
 * files by hash. The import and the sample generator both build their rows here.
 */
export function paperRow(
  slot: PaperSlot,
  mediums: Medium[],
  files: { question: StoredPdf; solution: StoredPdf | undefined },
  official: boolean,
) {
  const subject = subjectByKey(slot.subject);
  return {
    standard: slot.standard,
    subject: slot.subject,
    year: slot.year,
    session: slot.session,
    mediums,
    marks: subject.marks,
    durationMinutes: subject.durationMinutes,
    questionSha256: files.question.sha256,
    questionPages: files.question.pages,
    solutionSha256: files.solution?.sha256 ?? null,
    solutionPages: files.solution?.pages ?? null,
    official,
  };
}

export type ListingQuery = { subject: SubjectKey; medium: Medium; standard: Standard };

/**
 * How long one listing query serves every request for the same subject and medium. On an exam
 * morning thousands of students open the same dozen listings, which change only on an import, so
 * this turns ~900 queries a second into one per key every two seconds (decision 006). Kept short so
 * that an import from another process shows within seconds and a database outage still answers 503
 * within 5 s: an expired entry is never served when the database fails.
 */
export const LISTING_TTL_MS = 2000;

const listings = createCache<Database, YearGroup[], { query: ListingQuery; store: PaperStore }>({
  name: "paper listings",
  madeFrom: ["catalogue"],
  // Standards × subjects × mediums: 36 today.
  max: 500,
  ttlMs: LISTING_TTL_MS,
  load: (database, _key, { query, store }) => queryPaperListing(database, store, query),
});

/**
 * Years newest first; inside a year March (main exam) before July (supplementary).
 * The result is shared by every caller within the TTL: read it, never change it.
 */
export function getPaperListing(
  services: Pick<Services, "database" | "paperStore">,
  query: ListingQuery,
): Promise<YearGroup[]> {
  return listings.fetch(services.database, `${query.standard}:${query.subject}:${query.medium}`, {
    query,
    store: services.paperStore,
  });
}

async function queryPaperListing(database: Database, store: PaperStore, query: ListingQuery): Promise<YearGroup[]> {
  const rows = await database.db
    .select({
      id: papers.id,
      year: papers.year,
      session: papers.session,
      official: papers.official,
      marks: papers.marks,
      durationMinutes: papers.durationMinutes,
      questionSha256: papers.questionSha256,
      solutionSha256: papers.solutionSha256,
    })
    .from(papers)
    .where(
      and(
        eq(papers.standard, query.standard),
        eq(papers.subject, query.subject),
        sql`${query.medium} = any(${papers.mediums})`,
        // Retired by an admin (issue 15): kept with its files and history, shown to no student.
        isNull(papers.retiredAt),
      ),
    )
    .orderBy(desc(papers.year), sql`case ${papers.session} when 'march' then 0 else 1 end`, asc(papers.id));
  const sizes = await store.previewSizes(rows.flatMap((row) => [row.questionSha256, row.solutionSha256 ?? ""]));
  const preview = (id: string, kind: PaperFileKind, sha256: string | null): PaperPreview | null => {
    const size = sha256 ? sizes.get(sha256) : undefined;
    return size ? { url: paperPreviewUrl(id, kind), ...size } : null;
  };

  const groups: YearGroup[] = [];
  for (const row of rows) {
    let group = groups.at(-1);
    if (!group || group.year !== row.year) {
      group = { year: row.year, papers: [] };
      groups.push(group);
    }
    group.papers.push({
      id: row.id,
      session: row.session === "july" ? "july" : "march",
      official: row.official,
      marks: row.marks,
      duration_minutes: row.durationMinutes,
      question_url: paperFileUrl(row.id, "question"),
      solution_url: row.solutionSha256 ? paperFileUrl(row.id, "solution") : "",
      question_preview: preview(row.id, "question", row.questionSha256),
      solution_preview: preview(row.id, "solution", row.solutionSha256),
    });
  }
  return groups;
}

export interface PaperFile {
  id: string;
  subject: SubjectKey;
  sha256: string;
  /** What a downloads folder calls it: `Maharashtra-SSC-2023-March-Algebra-Question-Paper.pdf`. */
  fileName: string;
}

/**
 * The stored file behind `/papers/<id>/<kind>.pdf`, or null (unknown id, no solution yet, or retired by an
 * admin): a board paper or sample from the catalogue, or one of PaperStation's model papers.
 */
/**
 * Which file a PDF address names, kept as the listings are (LISTING_TTL_MS, emptied at once by this process's
 * catalogue changes): every page of a paper the viewer reads is a range request, and the lookup was one query of
 * each (issue 28). A paper retired on another instance stops being served within the TTL, as it leaves the
 * listings. An unknown id is kept too (as null), so a stream of bad addresses costs one query per id and TTL.
 */
const paperFileLookups = createCache<Database, { file: PaperFile | null }>({
  name: "paper files",
  madeFrom: ["catalogue"],
  max: 5000,
  ttlMs: LISTING_TTL_MS,
  load: async (database, key) => {
    const [kind, id] = key.split(":") as [PaperFileKind, string];
    return { file: await queryPaperFile(database, id, kind) };
  },
});

export async function findPaperFile(
  services: Pick<Services, "database">,
  id: string,
  kind: PaperFileKind,
): Promise<PaperFile | null> {
  // Ids are short (`math-1-2023-march-marathi`): a longer one names nothing, and is not kept.
  if (id.length > 100) return null;
  return (await paperFileLookups.fetch(services.database, `${kind}:${id}`)).file;
}

async function queryPaperFile(database: Database, id: string, kind: PaperFileKind): Promise<PaperFile | null> {
  const { db } = database;
  const [row] = await db
    .select({
      subject: papers.subject,
      year: papers.year,
      session: papers.session,
      questionSha256: papers.questionSha256,
      solutionSha256: papers.solutionSha256,
      retiredAt: papers.retiredAt,
    })
    .from(papers)
    .where(eq(papers.id, id))
    .limit(1);
  if (row) {
    if (row.retiredAt) return null;
    const sha256 = kind === "question" ? row.questionSha256 : row.solutionSha256;
    if (!sha256) return null;
    const subject = row.subject as SubjectKey;
    const session: ExamSession = row.session === "july" ? "july" : "march";
    return { id, subject, sha256, fileName: paperFileName({ subject, year: row.year, session }, kind) };
  }
  const [model] = await db
    .select({
      subject: modelPapers.subject,
      questionSha256: modelPapers.questionSha256,
      solutionSha256: modelPapers.solutionSha256,
    })
    .from(modelPapers)
    .where(and(eq(modelPapers.id, id), isNull(modelPapers.retiredAt)))
    .limit(1);
  if (!model) return null;
  const subject = model.subject as SubjectKey;
  const sha256 = kind === "question" ? model.questionSha256 : model.solutionSha256;
  return { id, subject, sha256, fileName: modelPaperFileName(id, kind) };
}

export async function paperCount(services: Pick<Services, "database">): Promise<number> {
  const [row] = await services.database.db.select({ n: sql<number>`count(*)::int` }).from(papers);
  return Number(row?.n ?? 0);
}
