/**
 * Reads every model paper under `content/papers/<subject_key>/*.yaml`: YAML, then the file's shape (zod), then the
 * paper's rules (`validatePaper`). Nothing is cached: each call reads the files again, so tests and the CLI see a
 * writer's latest edit. Every message names the file and the item:
 * `content/papers/math_1/math-1-model-1.yaml: q2b3: marking points add up to 1.5, item has 2 marks`.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { parseDocument } from "yaml";
import type { ModelPaper, SubjectSyllabus } from "../../domain/model-papers.ts";
import { isSubjectKey, type SubjectKey } from "../../domain/subjects.ts";
import { SYLLABUSES } from "../../domain/syllabus/index.ts";
import { CONTENT_DIR, PROJECT_ROOT } from "../content/paths.server.ts";
import { parsePaper } from "./schema.server.ts";
import { checkPaper } from "./validate.server.ts";

export const PAPERS_DIR = path.join(CONTENT_DIR, "papers");

export interface FileProblems {
  /** The file, relative to the project folder (`content/papers/math_1/math-1-model-1.yaml`). */
  file: string;
  /** Each message starts with the file: `<file>: <item id>: <what is wrong>`. */
  problems: string[];
}

export interface LoadedPapers {
  /**
   * Every paper whose file parsed and has the right shape, in folder then file order, including papers that
   * break a rule: `problems` says which. Whoever publishes papers must refuse them while `problems` is not empty.
   */
  papers: ModelPaper[];
  /** Errors, one entry per file that has any. */
  problems: FileProblems[];
  /** Warnings (rough coverage, MCQ answers that do not show the option), one entry per file that has any. */
  warnings: FileProblems[];
}

export interface LoadOptions {
  /** Syllabuses by subject; defaults to `domain/syllabus`. */
  syllabuses?: Partial<Record<SubjectKey, SubjectSyllabus>>;
  /** Folder that file names in messages are relative to; defaults to the project folder. */
  root?: string;
}

export function loadModelPapers(dir: string = PAPERS_DIR, options: LoadOptions = {}): LoadedPapers {
  const syllabuses = options.syllabuses ?? SYLLABUSES;
  const root = options.root ?? PROJECT_ROOT;
  const result: LoadedPapers = { papers: [], problems: [], warnings: [] };

  for (const folder of readdirSync(dir).sort()) {
    const folderPath = path.join(dir, folder);
    if (!statSync(folderPath).isDirectory()) continue; // README.md
    const files = readdirSync(folderPath)
      .filter((name) => name.endsWith(".yaml") || name.endsWith(".yml"))
      .sort();
    if (!isSubjectKey(folder)) {
      if (files.length > 0) {
        const file = path.relative(root, folderPath);
        result.problems.push({ file, problems: [`${file}: ${folder} is not a subject key`] });
      }
      continue;
    }
    for (const name of files) {
      const filePath = path.join(folderPath, name);
      const file = path.relative(root, filePath);
      const { paper, errors, warnings } = loadPaperFile(filePath, folder, syllabuses[folder]);
      if (paper) result.papers.push(paper);
      if (errors.length > 0) result.problems.push({ file, problems: errors.map((e) => `${file}: ${e}`) });
      if (warnings.length > 0) result.warnings.push({ file, problems: warnings.map((w) => `${file}: ${w}`) });
    }
  }
  return result;
}

/** One paper file: its paper (null when it cannot be read) and its errors and warnings, without the file name. */
function loadPaperFile(
  filePath: string,
  subject: SubjectKey,
  syllabus: SubjectSyllabus | undefined,
): { paper: ModelPaper | null; errors: string[]; warnings: string[] } {
  const doc = parseDocument(readFileSync(filePath, "utf8"), { prettyErrors: true, uniqueKeys: true });
  if (doc.errors.length > 0) {
    return { paper: null, errors: doc.errors.map((e) => `YAML: ${firstLine(e.message)}`), warnings: [] };
  }
  const warnings = doc.warnings.map((w) => `YAML: ${firstLine(w.message)}`);
  const parsed = parsePaper(doc.toJS());
  if (!parsed.paper) return { paper: null, errors: parsed.problems, warnings };
  const paper = parsed.paper;

  const errors: string[] = [];
  const id = path.basename(filePath).replace(/\.ya?ml$/, "");
  if (paper.id !== id) errors.push(`id ${paper.id} must match the file name (${id})`);
  if (paper.subject !== subject) errors.push(`subject ${paper.subject} must match the folder (${subject})`);
  if (!syllabus) {
    errors.push(`no syllabus for ${subject} yet (domain/syllabus/${subject}.ts, listed in domain/syllabus/index.ts)`);
    return { paper, errors, warnings };
  }
  const folder = path.dirname(filePath);
  const report = checkPaper(paper, syllabus, {
    figureExists: (figure) => existsSync(path.join(folder, figure)) && statSync(path.join(folder, figure)).isFile(),
  });
  return { paper, errors: [...errors, ...report.errors], warnings: [...warnings, ...report.warnings] };
}

/** The `yaml` package's pretty messages end their first line with ":" before a code excerpt. */
function firstLine(message: string): string {
  return (message.split("\n")[0] ?? message).replace(/:$/, "");
}
