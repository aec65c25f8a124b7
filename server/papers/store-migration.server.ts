import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { Database } from "../db/client.server.ts";
import { papers } from "../db/schema.ts";
import { type PaperStore, sha256Hex } from "./store.server.ts";

export interface StoreCopyReport {
  /** Files written to the target now. */
  copied: number;
  /** Files the target already had (a re-run, or a file another instance stored). */
  present: number;
  bytes: number;
  /** Files in the folder that were not copied, and why. */
  rejected: { file: string; reason: string }[];
  /** Files the catalogue's papers name that the target still lacks after the copy. */
  missing: string[];
}

/** A stored paper under the folder store's layout: `ab/abcd….pdf`. */
const STORED_FILE = /^([0-9a-f]{2})\/([0-9a-f]{64})\.pdf$/;

/**
 * `npm run papers:migrate-store`: copies the folder store's files (`DATA_DIR/papers`) into another
 * store, PostgreSQL in practice (decision 013). One file in memory at a time; each is checked against
 * its name, so a damaged file is reported rather than copied under a sha256 it does not have.
 * Idempotent: a re-run copies nothing. Model papers need no copy: start-up stores any the store lacks.
 */
export async function copyFolderToStore(
  root: string,
  target: PaperStore,
  database: Database,
  options: { onProgress?: (done: number, total: number, file: string) => void } = {},
): Promise<StoreCopyReport> {
  const report: StoreCopyReport = { copied: 0, present: 0, bytes: 0, rejected: [], missing: [] };
  const names = (await readdir(root, { recursive: true }))
    .map((name) => name.split(path.sep).join("/"))
    // Folders, and the temp files of a write that never finished, are not stored papers.
    .filter((name) => name.endsWith(".pdf"))
    .sort();
  let done = 0;
  for (const name of names) {
    options.onProgress?.(done++, names.length, name);
    const [, fanOut, sha256] = STORED_FILE.exec(name) ?? [];
    if (!fanOut || !sha256?.startsWith(fanOut)) {
      report.rejected.push({ file: name, reason: "not a stored paper file (ab/<sha256>.pdf)" });
      continue;
    }
    if (await target.stat(sha256)) {
      report.present++;
      continue;
    }
    const bytes = await readFile(path.join(root, name));
    if (sha256Hex(bytes) !== sha256) {
      report.rejected.push({ file: name, reason: "its bytes do not match its name: the file is damaged" });
      continue;
    }
    await target.put(bytes);
    report.copied++;
    report.bytes += bytes.byteLength;
  }
  options.onProgress?.(done, names.length, "");

  const rows = await database.db
    .select({ question: papers.questionSha256, solution: papers.solutionSha256 })
    .from(papers);
  const named = new Set(rows.flatMap((row) => (row.solution ? [row.question, row.solution] : [row.question])));
  for (const sha256 of [...named].sort()) {
    if (!(await target.stat(sha256))) report.missing.push(sha256);
  }
  return report;
}
