/**
 * The model papers' typeset PDFs: made at build time (scripts/typeset-model-papers.ts, into .cache/model-papers)
 * or at first start, put in the content-addressed file store, and named in the `model_papers` table so the
 * signed-in PDF route serves them. A paper is typeset again only when its source changed: its YAML file,
 * the figures it uses, or the typesetter's own code and fonts (the source hash covers all of them).
 */
import { createHash } from "node:crypto";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { eq, notInArray } from "drizzle-orm";
import type { ModelPaper } from "../../domain/model-papers.ts";
import { modelPapers } from "../db/schema.ts";
import type { Logger } from "../logger.server.ts";
import { layOutForViewer } from "../papers/pdf-layout.server.ts";
import { storePaperFile } from "../papers/previews.server.ts";
import type { Services } from "../services.server.ts";
import { figuresDirFor, getModelPapers } from "./catalog.server.ts";
import { PAPERS_DIR } from "./load.server.ts";
import { renderPaperPdf } from "./pdf.server.ts";
import type { RenderedPdf } from "./typst-compile.server.ts";
import type { PdfKind } from "./typst-paper.server.ts";

const ROOT = path.join(import.meta.dirname, "../..");
/**
 * Where the build leaves typeset PDFs for the server to pick up (`npm run build`). Not under build/, which
 * every React Router build empties: kept here, an unchanged paper is not typeset again on the next build.
 */
export const TYPESET_CACHE_DIR = path.join(ROOT, ".cache/model-papers");

/** The typesetter's own files: a change to any of them typesets every paper again. */
const TYPESETTER_FILES = [
  ...[
    "pdf.server.ts",
    "typst-compile.server.ts",
    "typst-figures.server.ts",
    "typst-markup.server.ts",
    "typst-paper.server.ts",
    "typst-tex.server.ts",
    "typst-wording.server.ts",
  ].map((name) => path.join(import.meta.dirname, name)),
  path.join(import.meta.dirname, "../papers/pdf-layout.server.ts"),
];
const FONT_PACKAGES = [
  "@expo-google-fonts/noto-sans",
  "@expo-google-fonts/noto-sans-devanagari",
  "@myriaddreamin/typst-ts-node-compiler",
];

let typesetterHash: Promise<string> | null = null;

async function hashTypesetter(): Promise<string> {
  const hash = createHash("sha256");
  for (const file of TYPESETTER_FILES) hash.update(await readFile(file));
  for (const name of FONT_PACKAGES) {
    const manifest = JSON.parse(await readFile(path.join(ROOT, "node_modules", name, "package.json"), "utf8"));
    hash.update(`${name}@${manifest.version}`);
  }
  return hash.digest("hex");
}

function figurePaths(paper: ModelPaper): string[] {
  const paths = new Set<string>();
  for (const question of paper.questions) {
    for (const section of question.sections) {
      if (section.passageFigure) paths.add(section.passageFigure);
      for (const item of section.items) {
        if (item.figure) paths.add(item.figure);
        if (item.answerFigure) paths.add(item.answerFigure);
      }
    }
  }
  return [...paths].sort();
}

/** sha256 of everything a paper's PDFs are made from. */
async function sourceHash(paper: ModelPaper): Promise<string> {
  typesetterHash ??= hashTypesetter();
  const hash = createHash("sha256").update(await typesetterHash);
  hash.update(await readFile(path.join(PAPERS_DIR, paper.subject, `${paper.id}.yaml`)));
  for (const figure of figurePaths(paper)) {
    hash.update(figure);
    hash.update(await readFile(path.join(figuresDirFor(paper), figure)));
  }
  return hash.digest("hex");
}

export interface CachedPdfs {
  question: RenderedPdf;
  solution: RenderedPdf;
}

function cacheFile(dir: string, hash: string, kind: PdfKind | "pages") {
  return path.join(dir, kind === "pages" ? `${hash}.json` : `${hash}-${kind}.pdf`);
}

async function readCache(dir: string, hash: string): Promise<CachedPdfs | null> {
  try {
    const pages = JSON.parse(await readFile(cacheFile(dir, hash, "pages"), "utf8")) as Record<PdfKind, number>;
    const [question, solution] = await Promise.all([
      readFile(cacheFile(dir, hash, "question")),
      readFile(cacheFile(dir, hash, "solution")),
    ]);
    return {
      question: { bytes: new Uint8Array(question), pages: pages.question },
      solution: { bytes: new Uint8Array(solution), pages: pages.solution },
    };
  } catch {
    return null;
  }
}

/** Written file by file and renamed, so a build stopped half-way never leaves a cache entry that looks whole. */
async function writeCache(dir: string, hash: string, pdfs: CachedPdfs): Promise<void> {
  await mkdir(dir, { recursive: true });
  for (const kind of ["question", "solution"] as const) {
    const file = cacheFile(dir, hash, kind);
    await writeFile(`${file}.tmp`, pdfs[kind].bytes);
    await rename(`${file}.tmp`, file);
  }
  const pages = cacheFile(dir, hash, "pages");
  await writeFile(`${pages}.tmp`, JSON.stringify({ question: pdfs.question.pages, solution: pdfs.solution.pages }));
  await rename(`${pages}.tmp`, pages);
}

/** A paper's question and model-answer PDFs, laid out for the viewer (made papers are typeset this way on request). */
export async function typeset(paper: ModelPaper): Promise<CachedPdfs> {
  const options = { figuresDir: figuresDirFor(paper) };
  const forViewer = async ({ bytes, pages }: RenderedPdf): Promise<RenderedPdf> => ({
    bytes: await layOutForViewer(bytes, pages),
    pages,
  });
  return {
    question: await forViewer(await renderPaperPdf(paper, "question", options)),
    solution: await forViewer(await renderPaperPdf(paper, "solution", options)),
  };
}

export interface TypesetReport {
  typeset: string[];
  unchanged: string[];
  milliseconds: number;
}

/** Build step: every paper's PDFs in the cache folder, skipping those whose source is unchanged. */
export async function typesetModelPapers(dir: string = TYPESET_CACHE_DIR): Promise<TypesetReport> {
  const started = performance.now();
  const report: TypesetReport = { typeset: [], unchanged: [], milliseconds: 0 };
  for (const paper of getModelPapers().papers) {
    const hash = await sourceHash(paper);
    if (await readCache(dir, hash)) {
      report.unchanged.push(paper.id);
      continue;
    }
    await writeCache(dir, hash, await typeset(paper));
    report.typeset.push(paper.id);
  }
  report.milliseconds = performance.now() - started;
  return report;
}

export interface SyncReport {
  /** Papers whose PDFs were stored now: from the build's cache, or typeset here when it had none. */
  stored: string[];
  typesetHere: string[];
  unchanged: string[];
  removed: number;
  milliseconds: number;
}

/**
 * Start-up: makes the `model_papers` rows and stored files match the papers in content/papers. Two
 * instances doing this at once write the same rows and files, so no lock is needed.
 */
export async function syncModelPapers(
  services: Pick<Services, "database" | "paperStore">,
  options: { cacheDir?: string; log?: Logger } = {},
): Promise<SyncReport> {
  const started = performance.now();
  const { db } = services.database;
  const cacheDir = options.cacheDir ?? TYPESET_CACHE_DIR;
  const report: SyncReport = { stored: [], typesetHere: [], unchanged: [], removed: 0, milliseconds: 0 };
  const papers = getModelPapers().papers;
  for (const paper of papers) {
    const hash = await sourceHash(paper);
    const [row] = await db.select().from(modelPapers).where(eq(modelPapers.id, paper.id)).limit(1);
    const filesThere =
      row &&
      (await services.paperStore.stat(row.questionSha256)) !== null &&
      (await services.paperStore.stat(row.solutionSha256)) !== null;
    if (row?.sourceSha256 === hash && filesThere) {
      report.unchanged.push(paper.id);
      continue;
    }
    let pdfs = await readCache(cacheDir, hash);
    if (!pdfs) {
      options.log?.info({ paperId: paper.id }, "typesetting a model paper (no build cache for it)");
      pdfs = await typeset(paper);
      report.typesetHere.push(paper.id);
    }
    // Start-up does not wait for the first-page images: the backfill makes them once the server listens (decision 033).
    const question = await storePaperFile(services.paperStore, pdfs.question.bytes, {
      log: options.log,
      image: "after-start",
    });
    const solution = await storePaperFile(services.paperStore, pdfs.solution.bytes, {
      log: options.log,
      image: "after-start",
    });
    // Not retiredAt nor updatedBy: an admin's retirement outlives restarts and new versions of the paper.
    const values = {
      subject: paper.subject,
      mediums: paper.mediums,
      title: paper.title,
      sourceSha256: hash,
      questionSha256: question.sha256,
      questionPages: pdfs.question.pages,
      solutionSha256: solution.sha256,
      solutionPages: pdfs.solution.pages,
      updatedAt: new Date(),
    };
    await db
      .insert(modelPapers)
      .values({ id: paper.id, ...values })
      .onConflictDoUpdate({ target: modelPapers.id, set: values });
    report.stored.push(paper.id);
  }
  // A paper taken out of content/papers stops being served (its files stay in the store, as imports' do).
  const ids = papers.map((p) => p.id);
  const removed = await db
    .delete(modelPapers)
    .where(ids.length ? notInArray(modelPapers.id, ids) : undefined)
    .returning({ id: modelPapers.id });
  report.removed = removed.length;
  report.milliseconds = performance.now() - started;
  return report;
}
