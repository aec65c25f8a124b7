import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import {
  EXAM_SESSIONS,
  type ExamSession,
  FIRST_CATALOGUE_YEAR,
  isCatalogueYear,
  isMedium,
  MEDIUMS,
  type Medium,
} from "../../domain/catalog.ts";
import { isSubjectKey, type SubjectKey } from "../../domain/subjects.ts";
import { afterCatalogueChange } from "../admin/changes.server.ts";
import type { Db } from "../db/client.server.ts";
import { papers } from "../db/schema.ts";
import type { Services } from "../services.server.ts";
import { type PaperSlot, paperId, paperRow, type StoredPdf } from "./catalog.server.ts";
import { checkPdf, MAX_PDF_BYTES } from "./pdf-check.server.ts";
import { layOutForViewer } from "./pdf-layout.server.ts";
import { withoutScripts } from "./pdf-scripts.server.ts";
import { storePaperFile } from "./previews.server.ts";
import { sha256Hex } from "./store.server.ts";

export const IMPORT_LAYOUT = "<medium|all>/<subject>/<year>-<march|july>-<question|solution>.pdf";
const FILE_NAME = /^(\d{4})-(march|july)-(question|solution)\.pdf$/;

export type ImportOutcome = "imported" | "replaced" | "unchanged";

export interface ImportedPaper {
  id: string;
  outcome: ImportOutcome;
  /** Relative path of the question file. */
  file: string;
  /** Ids of the rows (samples or earlier imports) this paper took the slot from, itself included. */
  replaced: string[];
}

export interface ImportReport {
  papers: ImportedPaper[];
  rejected: { file: string; reason: string }[];
  warnings: string[];
  counts: Record<ImportOutcome | "rejected", number>;
  /** True only when the catalogue was changed: not on a dry run, nor when any file was rejected. */
  committed: boolean;
}

export interface ImportOptions {
  dryRun?: boolean;
  onProgress?: (done: number, total: number, file: string) => void;
  /** Runs inside the transaction just before it commits; a throw here must leave no trace (tests). */
  beforeCommit?: (tx: Db) => Promise<void>;
}

/** A file that passed the checks, laid out for the viewer: what the store receives. */
export interface CheckedFile {
  file: string;
  bytes: Uint8Array;
  sha256: string;
  pages: number;
}

/** Where a paper goes: its slot and the mediums it serves (the paper's id follows from both). */
export interface SlotEntry {
  slot: PaperSlot;
  mediums: Medium[];
}

interface Entry extends SlotEntry {
  key: string;
  mediumDir: string;
  question?: string;
  solution?: string;
}

type PaperRecord = typeof papers.$inferSelect;

/** What applyEntry did: the import's summary, and every catalogue row it changed, as it was and became. */
export interface AppliedEntry extends ImportedPaper {
  changes: { id: string; before: PaperRecord | null; after: PaperRecord | null }[];
}

class DryRunRollback extends Error {}

/** Reads, checks and (unless anything is wrong) stores and catalogues every paper under `folder`. */
export async function importPapers(
  services: Pick<Services, "database" | "paperStore"> & { log?: Services["log"] },
  folder: string,
  options: ImportOptions = {},
): Promise<ImportReport> {
  const root = path.resolve(folder);
  const info = await stat(root).catch(() => null);
  if (!info?.isDirectory()) throw new Error(`${folder} is not a folder`);

  const rejected: ImportReport["rejected"] = [];
  const warnings: string[] = [];
  const entries = new Map<string, Entry>();

  const names = (await readdir(root, { recursive: true })).map((n) => n.split(path.sep).join("/")).sort();
  for (const name of names) {
    // Hidden files (.DS_Store, editor swap files) are not papers and not mistakes either.
    if (name.split("/").some((part) => part.startsWith("."))) continue;
    const fileInfo = await stat(path.join(root, name)).catch(() => null);
    if (!fileInfo?.isFile()) continue;
    const problem = placeFile(name, entries);
    if (problem) rejected.push({ file: name, reason: problem });
  }

  // A medium folder and all/ both giving the same exam leaves it unclear which one students should see.
  const byExam = new Map<string, Entry[]>();
  for (const entry of entries.values()) {
    const exam = `${entry.slot.subject}/${entry.slot.year}-${entry.slot.session}`;
    byExam.set(exam, [...(byExam.get(exam) ?? []), entry]);
  }
  for (const group of byExam.values()) {
    if (group.length < 2 || !group.some((e) => e.mediumDir === "all")) continue;
    for (const entry of group) {
      for (const file of [entry.question, entry.solution]) {
        if (file) rejected.push({ file, reason: "both all/ and a medium folder give this paper: keep one" });
      }
      entries.delete(entry.key);
    }
  }
  for (const entry of entries.values()) {
    if (!entry.question && entry.solution) {
      rejected.push({ file: entry.solution, reason: "solution without its question file" });
      entries.delete(entry.key);
    }
  }

  const files = [...entries.values()].flatMap((e) => [e.question, e.solution]).filter((f) => f !== undefined);
  const checked = new Map<string, CheckedFile>();
  let done = 0;
  for (const file of files) {
    options.onProgress?.(done, files.length, file);
    const result = await checkFile(path.join(root, file), file);
    if ("reason" in result) rejected.push({ file, reason: result.reason });
    else checked.set(file, result);
    done++;
  }
  options.onProgress?.(done, files.length, "");

  const seen = new Map<string, string>();
  for (const file of checked.values()) {
    const first = seen.get(file.sha256);
    if (first) warnings.push(`${file.file} has the same bytes as ${first} (stored once)`);
    else seen.set(file.sha256, file.file);
  }
  for (const entry of entries.values()) {
    const q = entry.question ? checked.get(entry.question) : undefined;
    const s = entry.solution ? checked.get(entry.solution) : undefined;
    if (q && s && q.sha256 === s.sha256 && entry.solution) {
      rejected.push({ file: entry.solution, reason: "the solution is the same file as the question" });
      checked.delete(entry.solution);
    }
  }

  const ready = [...entries.values()].filter(
    (e) => e.question && checked.has(e.question) && (!e.solution || checked.has(e.solution)),
  );
  const commit = !options.dryRun && rejected.length === 0;

  // Files first, catalogue second: a row must never name a file that is not stored yet. A run that
  // fails after this leaves only unreferenced files, which the catalogue never points at.
  if (commit) {
    for (const entry of ready) {
      for (const file of [entry.question, entry.solution]) {
        const data = file ? checked.get(file) : undefined;
        if (data) await storePaperFile(services.paperStore, data.bytes, { log: services.log });
      }
    }
  }

  const imported: ImportedPaper[] = [];
  try {
    await services.database.db.transaction(async (tx) => {
      for (const entry of ready) {
        const question = entry.question ? checked.get(entry.question) : undefined;
        if (!question) continue;
        const solution = entry.solution ? checked.get(entry.solution) : undefined;
        const { changes: _changes, ...paper } = await applyEntry(tx as unknown as Db, entry, question, solution, {
          file: entry.question ?? "",
        });
        imported.push(paper);
      }
      if (!commit) throw new DryRunRollback();
      await options.beforeCommit?.(tx as unknown as Db);
    });
  } catch (error) {
    if (!(error instanceof DryRunRollback)) throw error;
  }
  // Through the one path an admin's change takes: this process's caches of the catalogue (listings, pages, search
  // results) read it again at once, and the search index catches up. Another process (the server, when this is
  // the CLI) sees it when its caches expire (decision 006).
  if (commit && imported.some((paper) => paper.outcome !== "unchanged")) afterCatalogueChange(services);

  const counts = { imported: 0, replaced: 0, unchanged: 0, rejected: rejected.length };
  for (const paper of imported) counts[paper.outcome]++;
  rejected.sort((a, b) => a.file.localeCompare(b.file));
  return { papers: imported, rejected, warnings, counts, committed: commit };
}

/** Files the path under its slot, or says why the path is not in the layout. */
function placeFile(name: string, entries: Map<string, Entry>): string | null {
  const parts = name.split("/");
  if (parts.length !== 3) return `not in the layout ${IMPORT_LAYOUT}`;
  const [mediumDir = "", subject = "", fileName = ""] = parts;
  if (mediumDir !== "all" && !isMedium(mediumDir)) {
    return `unknown medium folder "${mediumDir}"; use all or one of ${MEDIUMS.join(", ")}`;
  }
  if (!isSubjectKey(subject)) return `unknown subject folder "${subject}"; use a subject key such as math_1`;
  const match = FILE_NAME.exec(fileName);
  if (!match) return `file name must be <year>-<march|july>-<question|solution>.pdf`;
  const year = Number(match[1]);
  if (!isCatalogueYear(year)) {
    return `year ${year} is out of range: papers from ${FIRST_CATALOGUE_YEAR} to ${new Date().getFullYear()} are accepted`;
  }
  const session = match[2] as ExamSession;
  if (!EXAM_SESSIONS.includes(session)) return "session must be march or july";
  const key = `${mediumDir}/${subject}/${year}-${session}`;
  const entry: Entry = entries.get(key) ?? {
    key,
    slot: { standard: 10, subject: subject as SubjectKey, year, session },
    mediums: mediumDir === "all" ? [...MEDIUMS] : [mediumDir as Medium],
    mediumDir,
  };
  if (match[3] === "question") entry.question = name;
  else entry.solution = name;
  entries.set(key, entry);
  return null;
}

/**
 * The checks every paper file passes, from the import CLI's folder or the console's upload: at most 50 MB,
 * a real unencrypted PDF with pages. `full` is where the file is; `file` names it in the report.
 */
export async function checkFile(full: string, file: string): Promise<CheckedFile | { reason: string }> {
  try {
    const { size } = await stat(full);
    // Checked before reading, so a stray video file never gets loaded into memory.
    if (size > MAX_PDF_BYTES) return { reason: `larger than 50 MB (${(size / 1024 / 1024).toFixed(1)} MB)` };
    if (size === 0) return { reason: "empty file" };
    const original = new Uint8Array(await readFile(full));
    const result = await checkPdf(original);
    if (!result.ok) return { reason: result.reason };
    // Nothing a reader could run is kept (issue 23).
    const clean = await withoutScripts(original);
    if (!clean.ok) return { reason: clean.reason };
    // Stored as the viewer reads it best: page 1 shows after little more than its own bytes.
    const bytes = await layOutForViewer(clean.bytes, result.pages);
    return { file, bytes, sha256: sha256Hex(bytes), pages: result.pages };
  } catch (error) {
    return { reason: `cannot be read (${(error as Error).message})` };
  }
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x) => b.includes(x));
}

/**
 * Puts one paper into its slot, taking its mediums away from whatever served them before (a sample, or an
 * earlier import for the same mediums). The import CLI and the admin console both go through here, so
 * they follow the same slot rules. `updatedBy` is the admin making the change (null for the CLI).
 */
export async function applyEntry(
  tx: Db,
  entry: SlotEntry,
  question: StoredPdf,
  solution: StoredPdf | undefined,
  options: { file: string; updatedBy?: string | null },
): Promise<AppliedEntry> {
  const { slot, mediums } = entry;
  const { file } = options;
  const id = paperId(slot, mediums);
  const rows = await tx
    .select()
    .from(papers)
    .where(
      and(
        eq(papers.standard, slot.standard),
        eq(papers.subject, slot.subject),
        eq(papers.year, slot.year),
        eq(papers.session, slot.session),
      ),
    );
  const existing = rows.find((r) => r.id === id);
  const others = rows.filter((r) => r.id !== id && r.mediums.some((m) => mediums.includes(m as Medium)));

  if (
    existing &&
    others.length === 0 &&
    existing.official &&
    sameSet(existing.mediums, mediums) &&
    existing.questionSha256 === question.sha256 &&
    existing.solutionSha256 === (solution?.sha256 ?? null)
  ) {
    return { id, outcome: "unchanged", file, replaced: [], changes: [] };
  }

  const changes: AppliedEntry["changes"] = [];
  const now = new Date();
  for (const other of others) {
    const left = other.mediums.filter((m) => !mediums.includes(m as Medium));
    if (left.length === 0) {
      await tx.delete(papers).where(eq(papers.id, other.id));
      changes.push({ id: other.id, before: other, after: null });
    } else {
      const [after] = await tx
        .update(papers)
        .set({ mediums: left, updatedAt: now })
        .where(eq(papers.id, other.id))
        .returning();
      changes.push({ id: other.id, before: other, after: after ?? null });
    }
  }

  const values = {
    ...paperRow(slot, mediums, { question, solution }, true),
    updatedBy: options.updatedBy ?? null,
    updatedAt: now,
  };
  const [after] = await tx
    .insert(papers)
    .values({ id, ...values })
    .onConflictDoUpdate({ target: papers.id, set: values })
    .returning();
  changes.unshift({ id, before: existing ?? null, after: after ?? null });

  const replaced = [...(existing ? [existing.id] : []), ...others.map((o) => o.id)];
  return { id, outcome: replaced.length ? "replaced" : "imported", file, replaced, changes };
}
